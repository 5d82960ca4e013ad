import type { MeetingOutcome } from '#core/console-api.ts'
import type { BookingProvider } from '#core/next-step.ts'
import type { AttendanceEvent, BookingEvent, BookingNoticeKey } from './booking-event.ts'

/** What applying a booking change came to. */
interface BookingApplied {
  /** The lead the booking belongs to; null when none could be found, and nothing was stored. */
  leadId: string | null
  /** The change sales are to be told about, with its notifications made; null for none. */
  notice: BookingNoticeKey | null
}

/**
 * The channels sales are told on: notifier.ts's `NotificationChannel`, spelled out so that
 * booking/, which notify/ builds its booking notices on, needs nothing of notify/.
 */
export type NoticeChannels = readonly (
  | 'email'
  | 'webhook'
  | 'hubspot'
  | 'salesforce'
  | 'slack'
  | 'teams'
)[]

/** The bookings the providers' signed webhooks, and their APIs read back, report. */
export interface BookingStore {
  /**
   * Applies one change exactly once, in one round trip: a repeated delivery, or one arriving
   * after a later change, changes nothing it should not. When the lead's booking changes in a
   * way sales hear of, a notification is made for each of `channels`.
   */
  apply(event: BookingEvent, channels: NoticeChannels, now: Date): Promise<BookingApplied>
  /**
   * Applies what a provider said of a booking's meeting, and settles its lead's outcome (met,
   * no-show, host absent, or still to come) under `graceHours` (MEETING_OUTCOME_GRACE_HOURS).
   * `leadId` is null for a booking not stored.
   */
  attend(
    event: AttendanceEvent,
    now: Date,
    graceHours: number,
  ): Promise<{ leadId: string | null; outcome: MeetingOutcome | null }>
  /** Makes met every booked meeting whose end passed `graceHours` ago unmarked; how many. */
  settle(now: Date, graceHours: number): Promise<number>
  /** Until when `provider`'s bookings were read back from its API; null before the first read. */
  lastLook(provider: BookingProvider): Promise<Date | null>
  /** Records that `provider`'s bookings changed before `until` have been read back. */
  looked(provider: BookingProvider, until: Date, now: Date): Promise<void>
}
