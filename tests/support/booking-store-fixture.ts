import type { BookingEvent } from '#shared/booking/booking-event.ts'
import { createSqlBookingStore } from '#shared/booking/sql-booking-store.ts'
import type { SqlDatabase } from '#shared/db/sql-database.ts'
import { createSqlLeadStore } from '#shared/lead/sql-lead-store.ts'

/** The function's clock in the booking store's tests, five seconds after the default event. */
export const bookingClock = new Date('2026-11-26T10:00:05Z')
/** Both channels a booking notifies. */
export const bookingChannels = ['email', 'webhook'] as const

/** A Cal.com booking bk-1, booked, naming no lead, with `change` over it. */
export const bookingEvent = (change: Partial<BookingEvent>): BookingEvent => ({
  provider: 'cal',
  bookingId: 'bk-1',
  requestId: undefined,
  state: 'booked',
  startTime: '2026-12-01T15:00:00.000Z',
  timeZone: 'Europe/London',
  occurredAt: '2026-11-26T10:00:00.000Z',
  ...change,
})

/** The booking store on `db` as its tests drive and read it, with email and webhook channels. */
export function bookingStoreFixture(db: SqlDatabase) {
  return {
    apply: (change: Partial<BookingEvent>) =>
      createSqlBookingStore(db).apply(bookingEvent(change), bookingChannels, bookingClock),
    /** The newest lead. */
    lead: async () => (await createSqlLeadStore(db).list(1))[0],
    /** Every booking notification made, by booking, notice and channel. */
    notifications: () =>
      db.query<{ booking_id: string; notice: string; channel: string; created_at: Date }>(
        `select booking_id, notice, channel, created_at from public.demo_request_booking_notifications
         order by booking_id, notice, channel`,
      ),
  }
}
