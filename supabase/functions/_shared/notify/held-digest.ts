import { escapeHtml } from '../../../../src/escape-html.ts'
import type { HeldDigest, LeadNotice } from './notifier.ts'

/** At most this many leads are listed; the count and `npm run leads -- --status held` give the rest. */
export const digestListLength = 50

/** The same id on every attempt, so Resend and webhook receivers drop a repeat. */
export const digestId = (digest: Pick<HeldDigest, 'heldUntil'>) =>
  `demo-request-digest-${digest.heldUntil.getTime() / 1000}`

const describeLead = (lead: LeadNotice) =>
  [
    `${lead.firstName} ${lead.lastName}`,
    lead.companyName,
    lead.email,
    lead.phone,
    lead.createdAt.toISOString(),
    lead.id,
  ]
    .filter((part) => part)
    .join(', ')

const headline = (digest: HeldDigest) =>
  `${digest.count} demo request${digest.count === 1 ? '' : 's'} held beyond the limit, in the window to ${digest.heldUntil.toISOString()}`

// Where sales find every held lead: locally, or in Supabase's Table Editor.
const allHeld =
  "npm run leads -- --status held lists them all (on Supabase: the demo_requests table where notification_status is 'held')"

const explanation = (digest: HeldDigest) =>
  `More demo requests arrived than RATE_LIMIT_GLOBAL_MAX allows in one window, as in a flood of scripted requests. Each paid with a proof of work and is stored, but sales were not told about each one. ${
    digest.count > digest.leads.length ? `The first ${digest.leads.length} are listed; ` : ''
  }${allHeld}.`

/** The email of a digest; every visitor-supplied value is HTML-escaped. */
export function heldDigestEmail(digest: HeldDigest): {
  subject: string
  html: string
  text: string
} {
  const lines = digest.leads.map(describeLead)
  return {
    subject: `Demo requests: ${headline(digest)}`,
    html: [
      `<h1>${escapeHtml(headline(digest))}</h1>`,
      `<p>${escapeHtml(explanation(digest))}</p>`,
      '<ul>',
      ...lines.map((line) => `<li>${escapeHtml(line)}</li>`),
      '</ul>',
    ].join('\n'),
    text: [headline(digest), '', explanation(digest), '', ...lines].join('\n'),
  }
}

/** The webhook body of a digest, in the Standard Webhooks shape the lead events use. */
export function heldDigestWebhook(digest: HeldDigest) {
  const heldUntil = digest.heldUntil.toISOString()
  return {
    type: 'demo_request.held_digest' as const,
    timestamp: heldUntil,
    // Slack-escaped by construction: no visitor text in it.
    text: `Demo requests: ${headline(digest)}. ${allHeld}.`,
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
