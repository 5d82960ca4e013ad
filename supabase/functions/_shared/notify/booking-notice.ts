import { escapeHtml } from '#core/escape-html.ts'
import type { BookingNoticeKind } from '../booking/booking-event.ts'
import { schedulers } from '../booking/schedulers.ts'
import { slackEscape } from './lead-webhook.ts'
import type { BookingNotice } from './notifier.ts'
import { salesTime } from './sales-time.ts'

/**
 * The same id on every attempt, so Resend and webhook receivers drop a repeat: the lead, the
 * change and the provider's id (its end: a Calendly id is a long URI, unique at its end).
 */
export const bookingNoticeId = (booking: BookingNotice) =>
  `demo-request-${booking.lead.id}-${booking.notice}-${booking.provider}-${booking.bookingId.slice(-100)}`

/**
 * One line per change, of `who` (a person or a firm). A reschedule request is the host's, and
 * the lead may well book again: never told as cancelled.
 */
export const noticeHeadlines: Record<BookingNoticeKind, (who: string, when: string) => string> = {
  booked: (who, when) => `${who} booked a demo for ${when}`,
  cancelled: (who, when) => `${who} cancelled the demo for ${when}`,
  reschedule_requested: (who, when) =>
    `The host asked ${who} to pick a new time for the demo of ${when}`,
}

// The webhook's `type` for each notice.
const noticeTypes = {
  booked: 'demo_request.booked',
  cancelled: 'demo_request.booking_cancelled',
  reschedule_requested: 'demo_request.reschedule_requested',
} as const satisfies Record<BookingNoticeKind, string>

/** One line for sales, with the start in their own time zone. */
function bookingHeadline(booking: BookingNotice, timeZone: string): string {
  const who = `${booking.lead.firstName} ${booking.lead.lastName}`
  const when = salesTime(booking.startTime, timeZone)
  return noticeHeadlines[booking.notice](who, when)
}

/** The email of a booking change; every visitor-supplied value is HTML-escaped. */
export function bookingEmail(booking: BookingNotice, timeZone: string) {
  const headline = bookingHeadline(booking, timeZone)
  const { lead } = booking
  const rows: [string, string | null][] = [
    ['Company', lead.companyName],
    ['Email', lead.email],
    ['Phone', lead.phone],
    ['Their time zone', booking.inviteeTimeZone || null],
    ['Booked through', schedulers[booking.provider].name],
    ['Request id', lead.id],
  ]
  const present = rows.filter((row): row is [string, string] => Boolean(row[1]))
  return {
    subject: headline,
    html: [
      `<h1>${escapeHtml(headline)}</h1>`,
      '<table>',
      ...present.map(
        ([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`,
      ),
      '</table>',
    ].join('\n'),
    text: [headline, '', ...present.map(([label, value]) => `${label}: ${value}`)].join('\n'),
    replyTo: lead.email,
  }
}

/** The Standard Webhooks body of a booking change: a pure function of the stored rows. */
export function bookingWebhook(booking: BookingNotice, timeZone: string) {
  const { lead } = booking
  return {
    type: noticeTypes[booking.notice],
    timestamp: booking.recordedAt.toISOString(),
    text: slackEscape(`Demo request: ${bookingHeadline(booking, timeZone)}`),
    data: {
      id: lead.id,
      provider: booking.provider,
      bookingId: booking.bookingId,
      startTime: booking.startTime.toISOString(),
      timeZone: booking.inviteeTimeZone || null,
      firstName: lead.firstName,
      lastName: lead.lastName,
      companyName: lead.companyName,
      email: lead.email,
    },
  }
}
