import { escapeHtml } from '#core/escape-html.ts'
import { leadField, leadFieldNames } from '#core/lead-fields.ts'
import type { LeadNotice, NoticeFieldName } from './notifier.ts'

// The catalogue's fields that have a label in the email, in its order.
const labelled = leadFieldNames.flatMap((name) => {
  const label = leadField(name).email
  return label === undefined ? [] : [[label, name as NoticeFieldName] as const]
})

/** A rendered notification email. */
export interface LeadEmail {
  subject: string
  html: string
  text: string
  /** The lead's own address, when the form asked for it: sales answer it in one click. */
  replyTo: string | null
}

/** The email sales receive for a lead; every visitor-supplied value is HTML-escaped. */
export function leadEmail(lead: LeadNotice): LeadEmail {
  const rows: [string, string | null][] = [
    ...labelled.map(([label, name]): [string, string | null] => [label, lead[name]]),
    // What the store adds.
    ['Received', lead.createdAt.toISOString()],
    ['Request id', lead.id],
  ]
  const present = rows.filter((row): row is [string, string] => row[1] !== null && row[1] !== '')
  const html = [
    '<h1>New demo request</h1>',
    '<table>',
    ...present.map(
      // The message keeps its lines.
      ([label, value]) =>
        `<tr><th align="left" valign="top">${label}</th><td>${escapeHtml(value).replaceAll('\n', '<br>')}</td></tr>`,
    ),
    '</table>',
  ].join('\n')
  // A message of several lines starts on a line of its own.
  const text = present
    .map(([label, value]) => `${label}:${value.includes('\n') ? '\n' : ' '}${value}`)
    .join('\n')
  // One line: the message stays in the body; the schema keeps every other field to one line.
  const who = [`${lead.firstName} ${lead.lastName}`, lead.role, lead.companyName]
  const reach = [lead.email, lead.phone]
  const subject = [...who, ...reach].filter((part) => part).join(', ')
  return { subject: `Demo request: ${subject}`, html, text, replyTo: lead.email }
}
