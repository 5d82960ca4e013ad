import { escapeHtml } from '../../../src/escape-html.ts'
import type { LeadNotice } from './notifier.ts'

/** A rendered notification email. */
export interface LeadEmail {
  subject: string
  html: string
  text: string
}

/** The email sales receive for a lead; every visitor-supplied value is HTML-escaped. */
export function leadEmail(lead: LeadNotice): LeadEmail {
  const rows: [string, string | null][] = [
    ['First name', lead.firstName],
    ['Last name', lead.lastName],
    ['Company', lead.companyName],
    ['Company size', lead.companySize],
    ['Source', lead.source],
    ['Campaign', lead.utmCampaign],
    ['UTM source', lead.utmSource],
    ['UTM medium', lead.utmMedium],
    ['UTM term', lead.utmTerm],
    ['UTM content', lead.utmContent],
    ['Page', lead.pageUrl],
    ['Referrer', lead.referrer],
    ['Received', lead.createdAt.toISOString()],
    ['Request id', lead.id],
  ]
  const present = rows.filter((row): row is [string, string] => row[1] !== null && row[1] !== '')
  const html = [
    '<h1>New demo request</h1>',
    '<table>',
    ...present.map(
      ([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
  ].join('\n')
  const text = present.map(([label, value]) => `${label}: ${value}`).join('\n')
  return {
    subject: `Demo request: ${lead.firstName} ${lead.lastName}, ${lead.companyName}`,
    html,
    text,
  }
}
