import type { BookingState } from '#core/booking-state.ts'
import { isRecord } from '#core/is-record.ts'
import type { BookingProvider } from '#core/next-step.ts'

/**
 * One booking change, as either provider's signed webhook reports it. `bookingId` is the
 * provider's own id for the booking, the key that makes a repeated or late delivery change the
 * lead once.
 */
export interface BookingEvent {
  provider: BookingProvider
  bookingId: string
  /** The lead's `requestId`, carried through the booking page's prefill; absent when the
   * delivery does not carry it (a reschedule from the provider's own email, Cal.com's
   * BOOKING_CREATED once the host confirms): the lead is then found through the booking. */
  requestId: string | undefined
  state: BookingState
  /** When the demo starts, as an ISO 8601 instant. */
  startTime: string
  /** The invitee's IANA time zone, as the provider reports it; '' when it gives none. */
  timeZone: string
  /** When the provider says the change happened: the order in which changes apply. */
  occurredAt: string
  /** For a reschedule: the booking this one takes the place of. */
  replaces?: string
  /** For a cancellation that is half of a reschedule: the booking that takes its place. */
  replacedBy?: string
  /**
   * The host's email, where the provider names one (Cal.com's organizer, Calendly's first event
   * membership): a host on the staff becomes the lead's owner once it is booked.
   */
  hostEmail?: string
  /** When the demo ends, where the provider says. */
  endTime?: string
  /** What the provider's API says of the meeting's attendance (the read-back only). */
  attendance?: Pick<AttendanceEvent, 'guestNoShow' | 'hostAbsent'>
}

/**
 * What a provider says of one booking's meeting: its end (Cal.com's MEETING_ENDED), whether the
 * guest was a no-show (Cal.com's BOOKING_NO_SHOW_UPDATED, Calendly's invitee_no_show.*), whether
 * the host was absent (Cal.com's API only). A field left out is not said; `false` clears a mark.
 */
export interface AttendanceEvent {
  provider: BookingProvider
  bookingId: string
  /** When the provider said it: a mark older than the newest one taken changes nothing. */
  occurredAt: string
  endTime?: string
  guestNoShow?: boolean
  hostAbsent?: boolean
}

/**
 * What a webhook delivery comes to. `unsigned` is a 401 and changes nothing; `malformed` a 400;
 * `ignored` (a test ping, a trigger not subscribed to) is acknowledged and changes nothing.
 */
export type WebhookOutcome =
  | { kind: 'unsigned' }
  | { kind: 'malformed'; reason: string }
  | { kind: 'ignored'; trigger: string }
  | { kind: 'booking'; event: BookingEvent }
  | { kind: 'attendance'; event: AttendanceEvent }

/**
 * What sales are told about a change of a lead's booking: booked, cancelled, or that the host
 * asked the invitee to pick a new time (never told as a cancellation).
 */
export type BookingNoticeKind = 'booked' | 'cancelled' | 'reschedule_requested'

/** One change sales are to hear about: the booking it is about, and which change. */
export interface BookingNoticeKey {
  provider: BookingProvider
  bookingId: string
  notice: BookingNoticeKind
}

// Shared by both readers: a payload's fields arrive as unknown JSON.
export type Json = Record<string, unknown>

export const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined

/** An ISO instant normalised through Date, or undefined when `value` is not a date. */
export function instant(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const time = Date.parse(value)
  return Number.isNaN(time) ? undefined : new Date(time).toISOString()
}

export function parseJson(rawBody: string): Json | undefined {
  try {
    const body: unknown = JSON.parse(rawBody)
    return isRecord(body) ? body : undefined
  } catch {
    return undefined
  }
}
