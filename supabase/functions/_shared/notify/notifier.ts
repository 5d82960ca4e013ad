import type { MeetingOutcome, PipelineStatus } from '#core/console-api.ts'
import type { DeliveryChannel } from '#core/delivery-channels.ts'
import type { LeadFieldName, leadFields } from '#core/lead-fields.ts'
import type { BookingProvider } from '#core/next-step.ts'
import type { BookingNoticeKind } from '../booking/booking-event.ts'
import type { LeadOwner, StoredDemoRequest } from '../lead/lead-store.ts'

/** The ways sales can be told about a lead (src/core/delivery-channels.ts). */
export type NotificationChannel = DeliveryChannel

export type { LeadOwner }

type Entries = typeof leadFields

/** The fields sales are told: those with a label in the email or a key in the webhook. */
export type NoticeFieldName = {
  [Name in LeadFieldName]: Entries[Name] extends { email: string } | { webhook: true }
    ? Name
    : never
}[LeadFieldName]

/** What sales are told about a lead: only stored values, so every attempt says the same. */
export type LeadNotice = Pick<StoredDemoRequest, 'id' | 'createdAt' | NoticeFieldName> & {
  /** Who owns the lead when it is sent; null (or absent) while nobody does. */
  owner?: LeadOwner | null
  /** The DEMO_REQUEST_ROUTES rule it matched, null for none; absent where it is not known. */
  routeRule?: number | null
}

/** What sales are told about one window's held leads, in place of a message for each. */
export interface HeldDigest {
  /** The end of the window the leads were held in; it names the digest on every attempt. */
  heldUntil: Date
  /** How many leads the window held. */
  count: number
  /** The first of them, oldest first: a flood's real visitors are as likely early as late. */
  leads: readonly LeadNotice[]
}

/** What sales are told when a lead books a demo, or cancels the one it booked. */
export interface BookingNotice {
  notice: BookingNoticeKind
  provider: BookingProvider
  bookingId: string
  startTime: Date
  /** The invitee's IANA time zone as the provider reported it; '' when it gave none. */
  inviteeTimeZone: string
  /** When the change was recorded: the same on every attempt, so every attempt says the same. */
  recordedAt: Date
  lead: LeadNotice
}

/**
 * What a CRM has yet to take of a lead's status and meeting, for its record to follow: a part
 * that has not changed since it last took one is left out, and its field left as it is.
 */
export interface StatusNotice {
  /** The status staff gave the lead in the console; null when only its meeting changed. */
  status: PipelineStatus | null
  /**
   * How the lead's meeting ended, null when it has no outcome now (a mark cleared, a new or
   * cancelled booking), which empties the field; undefined when only its status changed.
   */
  meetingOutcome?: MeetingOutcome | null
  /** When it was queued: the same on every attempt. */
  changedAt: Date
  lead: LeadNotice
}

/**
 * Many leads in one request, for a destination with a batch API (HubSpot's, Salesforce's sObject
 * Collections), with the promises of `notify` for each lead.
 */
interface BatchSender {
  /** The most leads one call takes. */
  size: number
  /**
   * Resolves with one outcome per lead, in order: undefined for a lead the destination has,
   * the error of one it refused alone. Rejects when it refused the whole batch (a limit, a bad
   * token, an outage).
   */
  notify(leads: readonly LeadNotice[], signal: AbortSignal): Promise<(Error | undefined)[]>
}

/** Tells the sales team about a lead over one channel. */
export interface Notifier {
  channel: NotificationChannel
  /** Where there is one, new leads go by it, many to a request, rather than by `notify`. */
  batch?: BatchSender
  /**
   * Resolves once the channel has the message, now or from an earlier attempt (an "already
   * accepted" answer); rejects when it was not accepted. Each call for the same lead must send
   * the same body under the same idempotency key.
   */
  notify(lead: LeadNotice, signal: AbortSignal): Promise<void>
  /** Tells sales about a window's held leads at once, with the same promises as `notify`. */
  notifyDigest(digest: HeldDigest, signal: AbortSignal): Promise<void>
  /** Tells sales a lead booked a demo or cancelled it, with the same promises as `notify`. */
  notifyBooking(booking: BookingNotice, signal: AbortSignal): Promise<void>
  /**
   * Tells sales a lead sent to a booking page has not booked by NO_BOOKING_ALERT_SECONDS, with
   * the same promises as `notify`; only the channels people read at once (Slack, Teams) have it.
   */
  notifyNoBooking?(lead: LeadNotice, signal: AbortSignal): Promise<void>
  /**
   * Brings the lead's record in line with the status staff gave it and its meeting's outcome,
   * with the same promises as `notify`; only the CRMs have it. A change the CRM has nothing for
   * resolves at once.
   */
  notifyStatus?(change: StatusNotice, signal: AbortSignal): Promise<void>
}
