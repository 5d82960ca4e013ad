import { escapeHtml } from '../../../../src/escape-html.ts'
import { leadField, leadFieldNames } from '../../../../src/lead-fields.ts'
import type { LeadNotice, NoticeFieldName } from './notifier.ts'

const emailFieldNames = leadFieldNames.filter(
  (name) => leadField(name).email !== undefined,
) as readonly NoticeFieldName[]

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
  // The catalogue's labels, in its order, then what the store adds.
  const rows: [string, string | null][] = [
    ...emailFieldNames.map((name): [string, string | null] => [
      leadField(name).email as string,
      lead[name],
    ]),
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
