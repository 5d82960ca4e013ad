import { isRecord } from '../../../../../src/is-record.ts'
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

const states: Record<string, BookingEvent['state']> = {
  BOOKING_CREATED: 'booked',
  BOOKING_RESCHEDULED: 'booked',
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
  const state = states[trigger]
  // PING (Cal.com's test button) and triggers nobody asked for are acknowledged, not stored.
  if (!state) return { kind: 'ignored', trigger }
  const payload = body.payload
  if (!isRecord(payload)) return malformed('payload is missing')
  const bookingId = text(payload.uid)
  if (!bookingId) return malformed('payload.uid is missing')
  const startTime = instant(payload.startTime)
  if (!startTime) return malformed('payload.startTime is not a date')
  const occurredAt = instant(body.createdAt)
  if (!occurredAt) return malformed('createdAt is not a date')
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
  // A reschedule is a new booking (a new uid) naming the one it replaces; Cal.com calls that
  // `rescheduleUid` in its webhook data, from the booking's own `fromReschedule`.
  const replaces = text(payload.rescheduleUid) ?? text(payload.fromReschedule)
  if (state === 'booked' && replaces) event.replaces = replaces
  return { kind: 'booking', event }
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
