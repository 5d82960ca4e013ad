import type { Route } from '../booking/routes.ts'
import { schedulers } from '../booking/schedulers.ts'
import { noticeHeadlines } from './booking-notice.ts'
import { allHeld, digestHeadline } from './held-digest.ts'
import type { BookingNotice, HeldDigest, LeadNotice, LeadOwner } from './notifier.ts'
import { salesTime } from './sales-time.ts'

/** One labelled line of a chat message. */
interface ChatFact {
  label: string
  value: string
}

/**
 * What Slack and Teams both say about one event, as plain text: each renderer draws it and
 * escapes every part for its own markup, so no text here is trusted.
 */
export interface ChatMessage {
  /** One line: the heading, and the preview a phone's notification shows. */
  title: string
  /** A sentence under the heading, when the facts need one. */
  note: string | null
  facts: readonly ChatFact[]
  /** The lead (or the leads) in the console; null when CONSOLE_URL is unset. */
  link: { label: string; url: string } | null
  /**
   * What the message is about, by id: neither service drops a repeated post, so a retry after a
   * lost reply shows twice, and this tells a reader the two are one.
   */
  reference: string
}

/** What the messages are written with besides the stored rows. */
export interface ChatContext {
  /** CONSOLE_URL: the console's address, or null for no link. */
  consoleUrl: string | null
  /** SALES_TIME_ZONE. */
  timeZone: string
  /** DEMO_REQUEST_ROUTES, to say what a lead's rule did; none leaves the route out. */
  routes?: readonly Route[]
}

// The console opens one lead at `?view=leads&lead=<id>` (site/console/leads/leads-view.tsx).
function consoleLink(context: ChatContext, leadId?: string): ChatMessage['link'] {
  if (context.consoleUrl === null) return null
  const url = new URL(context.consoleUrl)
  url.searchParams.set('view', 'leads')
  if (leadId === undefined) return { label: 'Open the leads in the console', url: url.href }
  url.searchParams.set('lead', leadId)
  return { label: 'Open the lead in the console', url: url.href }
}

const ownerFact = (owner: LeadOwner | null | undefined): ChatFact => ({
  label: 'Owner',
  value: owner ? (owner.name ? `${owner.name} (${owner.email})` : owner.email) : 'nobody yet',
})

function routeFact(lead: LeadNotice, routes: readonly Route[] = []): ChatFact[] {
  if (lead.routeRule === undefined || routes.length === 0) return []
  if (lead.routeRule === null) return [{ label: 'Route', value: 'no rule matched' }]
  const route = routes.find((each) => each.rule === lead.routeRule)
  const did =
    route === undefined
      ? ''
      : route.kind === 'message'
        ? ': shown a message'
        : route.provider === 'link'
          ? ': sent to a booking page'
          : `: shown the ${schedulers[route.provider].name} booking page`
  return [{ label: 'Route', value: `rule ${lead.routeRule}${did}` }]
}

const sourceFacts = (lead: LeadNotice): ChatFact[] => [
  { label: 'Source', value: lead.source || 'unknown' },
  ...(lead.utmCampaign ? [{ label: 'Campaign', value: lead.utmCampaign }] : []),
]

const leadReference = (lead: LeadNotice) => `Request ${lead.id}`

/**
 * A new lead. It names the firm, never the person: a channel is read more widely than the
 * console, keeps what it is sent, and no erasure reaches it. The link leads to the rest.
 */
export function leadChatMessage(lead: LeadNotice, context: ChatContext): ChatMessage {
  return {
    title: `New demo request from ${lead.companyName}`,
    note: null,
    facts: [
      { label: 'Company size', value: lead.companySize },
      ...sourceFacts(lead),
      ...routeFact(lead, context.routes),
      ownerFact(lead.owner),
      { label: 'Sent', value: salesTime(lead.createdAt, context.timeZone) },
    ],
    link: consoleLink(context, lead.id),
    reference: leadReference(lead),
  }
}

/** A booking, a cancellation or a host's request for a new time. */
export function bookingChatMessage(booking: BookingNotice, context: ChatContext): ChatMessage {
  const { lead } = booking
  const when = salesTime(booking.startTime, context.timeZone)
  return {
    title: noticeHeadlines[booking.notice](lead.companyName, when),
    note: null,
    facts: [
      { label: 'Booked through', value: schedulers[booking.provider].name },
      ...(booking.inviteeTimeZone
        ? [{ label: 'Their time zone', value: booking.inviteeTimeZone }]
        : []),
      ownerFact(lead.owner),
    ],
    link: consoleLink(context, lead.id),
    reference: leadReference(lead),
  }
}

/** A lead shown a booking page that has not booked by NO_BOOKING_ALERT_SECONDS. */
export function noBookingChatMessage(lead: LeadNotice, context: ChatContext): ChatMessage {
  return {
    title: `${lead.companyName} sent the form but has not booked`,
    note: 'They were shown a booking page and have not picked a time yet.',
    facts: [
      { label: 'Sent', value: salesTime(lead.createdAt, context.timeZone) },
      { label: 'Company size', value: lead.companySize },
      ...routeFact(lead, context.routes),
      ownerFact(lead.owner),
    ],
    link: consoleLink(context, lead.id),
    reference: leadReference(lead),
  }
}

/** A window's held leads, counted: the leads themselves stay in the console. */
export function digestChatMessage(digest: HeldDigest, context: ChatContext): ChatMessage {
  return {
    title: `Demo requests: ${digestHeadline(digest, context.timeZone)}`,
    note: `${allHeld}.`,
    facts: [],
    link: consoleLink(context),
    reference: `Held until ${digest.heldUntil.toISOString()}`,
  }
}
