import type { BookingState } from '#core/booking-state.ts'
import { isRecord } from '#core/is-record.ts'
import {
  type BookingEvent,
  instant,
  type Json,
  parseJson,
  text,
  type WebhookOutcome,
} from '../booking-event.ts'
import { hmacSha256Matches } from '../hmac.ts'

/** Cal.com's signature: the hex HMAC-SHA256 of the raw body under the webhook's secret. */
export const calSignatureHeader = 'X-Cal-Signature-256'

/**
 * The triggers read, and the state each reports (Cal.com's `WebhookTriggerEvents`,
 * packages/features/webhooks/lib/constants.ts). An event type that needs the host's confirmation
 * sends BOOKING_REQUESTED when booked, BOOKING_CREATED when the host accepts and BOOKING_REJECTED
 * when the host declines (packages/features/bookings/lib/handleNewBooking.ts,
 * handleConfirmation.ts, packages/trpc/server/routers/viewer/bookings/confirm.handler.ts). One
 * with a price sends BOOKING_PAYMENT_INITIATED when booked; once paid, BOOKING_CREATED with
 * BOOKING_PAID beside it, or, when it also needs confirmation, BOOKING_PAID with the status
 * PENDING and then BOOKING_REQUESTED (app-store/_utils/payments/handlePaymentSuccess.ts): see
 * `stateOf`.
 */
const states: Record<string, BookingState> = {
  BOOKING_REQUESTED: 'requested',
  BOOKING_PAYMENT_INITIATED: 'awaiting_payment',
  BOOKING_CREATED: 'booked',
  BOOKING_PAID: 'booked',
  BOOKING_RESCHEDULED: 'booked',
  BOOKING_REJECTED: 'rejected',
  BOOKING_CANCELLED: 'cancelled',
}

/**
 * A Cal.com webhook delivery: `unsigned` unless `X-Cal-Signature-256` is the HMAC of exactly
 * `rawBody` (the bytes as received, before any JSON parsing) under `secret`.
 */
export async function readCalWebhook(
  rawBody: string,
  headers: Headers,
  secret: string,
): Promise<WebhookOutcome> {
  const signature = headers.get(calSignatureHeader)
  if (signature === null || !(await hmacSha256Matches(secret, rawBody, signature))) {
    return { kind: 'unsigned' }
  }
  return parseCalWebhook(rawBody)
}

/** The booking a signed Cal.com delivery reports; call only after the signature checks out. */
function parseCalWebhook(rawBody: string): Exclude<WebhookOutcome, { kind: 'unsigned' }> {
  const body = parseJson(rawBody)
  if (!body) return malformed('the body is not a JSON object')
  const trigger = text(body.triggerEvent)
  if (!trigger) return malformed('triggerEvent is missing')
  const attendance = calAttendance(trigger, body)
  if (attendance) return attendance
  // PING (Cal.com's test button) and triggers nobody asked for are acknowledged, not stored.
  if (!Object.hasOwn(states, trigger)) return { kind: 'ignored', trigger }
  const payload = body.payload
  if (!isRecord(payload)) return malformed('payload is missing')
  const state = stateOf(trigger, payload)
  const bookingId = text(payload.uid)
  if (!bookingId) return malformed('payload.uid is missing')
  const startTime = instant(payload.startTime)
  if (!startTime) return malformed('payload.startTime is not a date')
  const occurredAt = instant(body.createdAt)
  if (!occurredAt) return malformed('createdAt is not a date')
  // Our demoRequestId is in the metadata of the deliveries sent as the booking is made; the
  // BOOKING_CREATED of a confirmation has only `{ videoCallUrl }`, BOOKING_PAID the payment's,
  // BOOKING_REJECTED none (handleConfirmation.ts, confirm.handler.ts).
  const metadata = isRecord(payload.metadata) ? payload.metadata : {}
  const event: BookingEvent = {
    provider: 'cal',
    bookingId,
    requestId: text(metadata.demoRequestId),
    state,
    startTime,
    timeZone: timeZone(payload),
    occurredAt,
  }
  const endTime = instant(payload.endTime)
  if (endTime) event.endTime = endTime
  // A reschedule is a new booking (a new uid) naming the one it replaces; Cal.com calls that
  // `rescheduleUid` in its webhook data, from the booking's own `fromReschedule`. One that needs
  // confirmation names it in its BOOKING_REQUESTED; its later BOOKING_CREATED does not.
  const replaces = text(payload.rescheduleUid) ?? text(payload.fromReschedule)
  if (replaces && ['requested', 'awaiting_payment', 'booked'].includes(state)) {
    event.replaces = replaces
  }
  // The host: on a round-robin or collective event type, the organizer is the one assigned.
  const organizer = isRecord(payload.organizer) ? text(payload.organizer.email) : undefined
  if (organizer) event.hostEmail = organizer
  return { kind: 'booking', event }
}

/**
 * A meeting's end or a guest's no-show: MEETING_ENDED is scheduled by Cal.com for the booking's
 * end and carries the booking (`uid`, `endTime`); BOOKING_NO_SHOW_UPDATED (handleMarkNoShow.ts)
 * carries `bookingUid` and the attendees marked, each `{ email, noShow }`. A host marked absent
 * sends no webhook: the read-back finds it (cal-api.ts). Undefined for any other trigger.
 */
function calAttendance(
  trigger: string,
  body: Json,
): Exclude<WebhookOutcome, { kind: 'unsigned' }> | undefined {
  if (trigger !== 'MEETING_ENDED' && trigger !== 'BOOKING_NO_SHOW_UPDATED') return undefined
  const payload = isRecord(body.payload) ? body.payload : undefined
  if (!payload) return malformed('payload is missing')
  const occurredAt = instant(body.createdAt)
  if (!occurredAt) return malformed('createdAt is not a date')
  if (trigger === 'MEETING_ENDED') {
    const bookingId = text(payload.uid)
    const endTime = instant(payload.endTime)
    if (!bookingId || !endTime) return malformed('MEETING_ENDED names no uid and endTime')
    return { kind: 'attendance', event: { provider: 'cal', bookingId, occurredAt, endTime } }
  }
  const bookingId = text(payload.bookingUid)
  const attendees = Array.isArray(payload.attendees) ? payload.attendees.filter(isRecord) : []
  const marks = attendees.map((attendee) => attendee.noShow).filter((m) => typeof m === 'boolean')
  if (!bookingId || marks.length === 0) {
    return malformed('BOOKING_NO_SHOW_UPDATED names no bookingUid and attendees marked')
  }
  // One guest books a demo: any attendee marked absent makes it a no-show.
  const guestNoShow = marks.includes(true)
  return { kind: 'attendance', event: { provider: 'cal', bookingId, occurredAt, guestNoShow } }
}

/**
 * The state a trigger reports, read with the booking's own word where Cal.com's trigger alone
 * says too much: BOOKING_PAID of a booking still waiting for the host carries `status: PENDING`
 * (paid, not booked), and a host's "Request reschedule" is a BOOKING_CANCELLED with
 * `requestReschedule: true` (the invitee is asked to pick a new time, not told it is off).
 */
function stateOf(trigger: string, payload: Json): BookingState {
  if (trigger === 'BOOKING_PAID' && payload.status === 'PENDING') return 'requested'
  if (trigger === 'BOOKING_CANCELLED' && payload.requestReschedule === true) {
    return 'reschedule_requested'
  }
  return states[trigger] as BookingState
}

// The invitee's zone (the first attendee is the person who booked), else the organizer's.
function timeZone(payload: Json): string {
  const [booker] = Array.isArray(payload.attendees) ? payload.attendees : []
  const organizer = payload.organizer
  return (
    (isRecord(booker) ? text(booker.timeZone) : undefined) ??
    (isRecord(organizer) ? text(organizer.timeZone) : undefined) ??
    ''
  )
}

function malformed(reason: string): { kind: 'malformed'; reason: string } {
  return { kind: 'malformed', reason: `Cal.com webhook: ${reason}` }
}
