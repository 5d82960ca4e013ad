import { escapeHtml } from '#core/escape-html.ts'
import type { HeldDigest, LeadNotice } from './notifier.ts'
import { salesTime } from './sales-time.ts'

/** At most this many leads are listed; the count and the leads list (marked held) give the rest. */
export const digestListLength = 50

/** The same id on every attempt, so Resend and webhook receivers drop a repeat. */
export const digestId = (digest: Pick<HeldDigest, 'heldUntil'>) =>
  `demo-request-digest-${digest.heldUntil.getTime() / 1000}`

const describeLead = (lead: LeadNotice, timeZone: string) =>
  [
    `${lead.firstName} ${lead.lastName}`,
    lead.companyName,
    lead.email,
    lead.phone,
    salesTime(lead.createdAt, timeZone),
    lead.id,
  ]
    .filter((part) => part)
    .join(', ')

/** The digest in one line. Sales read it: times in their own zone, no setting names or commands. */
export const digestHeadline = (digest: HeldDigest, timeZone: string) =>
  `${digest.count} demo request${digest.count === 1 ? '' : 's'} held back in a rush that ended ${salesTime(digest.heldUntil, timeZone)}`

/** Where sales find every held lead, in their words. */
export const allHeld = 'All of them are in the leads list, marked held'

const explanation = (digest: HeldDigest) =>
  `More demo requests arrived at once than the form lets through, as happens when a script floods it. Each one is stored, but sales were not sent a message for each. ${
    digest.count > digest.leads.length ? `The first ${digest.leads.length} are listed. ` : ''
  }${allHeld}.`

/** The email of a digest; every visitor-supplied value is HTML-escaped. */
export function heldDigestEmail(
  digest: HeldDigest,
  timeZone = 'UTC',
): {
  subject: string
  html: string
  text: string
} {
  const lines = digest.leads.map((lead) => describeLead(lead, timeZone))
  return {
    subject: `Demo requests: ${digestHeadline(digest, timeZone)}`,
    html: [
      `<h1>${escapeHtml(digestHeadline(digest, timeZone))}</h1>`,
      `<p>${escapeHtml(explanation(digest))}</p>`,
      '<ul>',
      ...lines.map((line) => `<li>${escapeHtml(line)}</li>`),
      '</ul>',
    ].join('\n'),
    text: [digestHeadline(digest, timeZone), '', explanation(digest), '', ...lines].join('\n'),
  }
}

/** The webhook body of a digest, in the Standard Webhooks shape the lead events use. */
export function heldDigestWebhook(digest: HeldDigest, timeZone = 'UTC') {
  const heldUntil = digest.heldUntil.toISOString()
  return {
    type: 'demo_request.held_digest' as const,
    timestamp: heldUntil,
    // Slack-escaped by construction: no visitor text in it.
    text: `Demo requests: ${digestHeadline(digest, timeZone)}. ${allHeld}.`,
    data: {
      heldUntil,
      count: digest.count,
      leads: digest.leads.map((lead) => ({
        id: lead.id,
        firstName: lead.firstName,
        lastName: lead.lastName,
        companyName: lead.companyName,
        email: lead.email,
        phone: lead.phone,
        createdAt: lead.createdAt.toISOString(),
      })),
    },
  }
}
