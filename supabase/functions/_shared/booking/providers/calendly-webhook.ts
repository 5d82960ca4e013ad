import { isRecord } from '#core/is-record.ts'
import { instant, type Json, parseJson, text, type WebhookOutcome } from '../booking-event.ts'
import { hmacSha256Matches } from '../hmac.ts'
import { calendlyHostEmail, calendlyInviteeEvent } from './calendly-invitee.ts'

/** Calendly's signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const calendlySignatureHeader = 'Calendly-Webhook-Signature'

/** How far a signature's time may be from ours: older deliveries could be replays. */
export const calendlyToleranceMs = 3 * 60 * 1000

const states: Record<string, 'booked' | 'cancelled'> = {
  'invitee.created': 'booked',
  'invitee.canceled': 'cancelled',
}

function signatureParts(header: string): { t: string; v1: string[] } | undefined {
  let t: string | undefined
  const v1: string[] = []
  for (const part of header.split(',')) {
    const [key, ...rest] = part.trim().split('=')
    const value = rest.join('=')
    if (key === 't') t = value
    else if (key === 'v1') v1.push(value)
  }
  return t !== undefined && /^\d+$/.test(t) && v1.length > 0 ? { t, v1 } : undefined
}

/**
 * A Calendly webhook delivery: `unsigned` unless one `v1` of `Calendly-Webhook-Signature` is the
 * HMAC of `${t}.${rawBody}` under `signingKey`, with `t` within three minutes of `now()`.
 */
export async function readCalendlyWebhook(
  rawBody: string,
  headers: Headers,
  signingKey: string,
  now: () => Date,
): Promise<WebhookOutcome> {
  const parts = signatureParts(headers.get(calendlySignatureHeader) ?? '')
  if (!parts) return { kind: 'unsigned' }
  const signedAt = Number(parts.t) * 1000
  if (Math.abs(now().getTime() - signedAt) > calendlyToleranceMs) return { kind: 'unsigned' }
  const message = `${parts.t}.${rawBody}`
  // Every candidate is checked, so the time taken does not tell which one matched.
  const matches = await Promise.all(
    parts.v1.map((signature) => hmacSha256Matches(signingKey, message, signature)),
  )
  if (!matches.includes(true)) return { kind: 'unsigned' }
  return parseCalendlyWebhook(rawBody)
}

/** The booking a signed Calendly delivery reports; call only after the signature checks out. */
function parseCalendlyWebhook(rawBody: string): Exclude<WebhookOutcome, { kind: 'unsigned' }> {
  const body = parseJson(rawBody)
  if (!body) return malformed('the body is not a JSON object')
  const trigger = text(body.event)
  if (!trigger) return malformed('event is missing')
  if (trigger === 'invitee_no_show.created' || trigger === 'invitee_no_show.deleted') {
    return noShow(body, trigger === 'invitee_no_show.created')
  }
  if (!Object.hasOwn(states, trigger)) return { kind: 'ignored', trigger }
  const state = states[trigger] as 'booked' | 'cancelled'
  const payload = body.payload
  if (!isRecord(payload)) return malformed('payload is missing')
  // The invitee's URI: a reschedule makes a new invitee, so it names one booking of one person.
  const bookingId = text(payload.uri)
  if (!bookingId) return malformed('payload.uri is missing')
  const scheduled = isRecord(payload.scheduled_event) ? payload.scheduled_event : {}
  const startTime = instant(scheduled.start_time)
  if (!startTime) return malformed('payload.scheduled_event.start_time is not a date')
  const occurredAt = instant(body.created_at)
  if (!occurredAt) return malformed('created_at is not a date')
  const event = calendlyInviteeEvent(payload, {
    bookingId,
    state,
    startTime,
    occurredAt,
    hostEmail: calendlyHostEmail(scheduled),
  })
  const endTime = instant(scheduled.end_time)
  if (endTime) event.endTime = endTime
  return { kind: 'booking', event }
}

/**
 * An invitee marked a no-show, or the mark taken back: the payload is the invitee, its `uri` the
 * booking's id, as in `invitee.*`.
 */
function noShow(body: Json, guestNoShow: boolean): Exclude<WebhookOutcome, { kind: 'unsigned' }> {
  const payload = isRecord(body.payload) ? body.payload : {}
  const bookingId = text(payload.uri)
  if (!bookingId) return malformed('payload.uri is missing')
  const occurredAt = instant(body.created_at)
  if (!occurredAt) return malformed('created_at is not a date')
  return {
    kind: 'attendance',
    event: { provider: 'calendly', bookingId, occurredAt, guestNoShow },
  }
}

function malformed(reason: string): { kind: 'malformed'; reason: string } {
  return { kind: 'malformed', reason: `Calendly webhook: ${reason}` }
}
