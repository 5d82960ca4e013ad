import type { NotificationChannel } from '../notify/notifier.ts'
import type { BookingEvent, BookingProvider } from './booking-event.ts'

/** What sales are told about a change of a lead's booking. */
export type BookingNoticeKind = 'booked' | 'cancelled'

/** One change sales are to hear about: the booking it is about, and which change. */
export interface BookingNoticeKey {
  provider: BookingProvider
  bookingId: string
  notice: BookingNoticeKind
}

/** What applying a booking change came to. */
export interface BookingApplied {
  /** The lead the booking belongs to; null when none could be found, and nothing was stored. */
  leadId: string | null
  /** The change sales are to be told about, with its notifications made; null for none. */
  notice: BookingNoticeKey | null
}

/** The bookings the providers' signed webhooks report. */
export interface BookingStore {
  /**
   * Applies one change exactly once, in one round trip: a repeated delivery, or one arriving
   * after a later change, changes nothing it should not. When the lead's booking changes in a
   * way sales hear of, a notification is made for each of `channels`.
   */
  apply(
    event: BookingEvent,
    channels: readonly NotificationChannel[],
    now: Date,
  ): Promise<BookingApplied>
}
