import type { BookingProvider } from '#core/next-step.ts'
import type { BookingNoticeKind } from '../booking/booking-event.ts'
import type { SqlDatabase } from '../db/sql-database.ts'
import { toDate } from '../db/sql-role.ts'
import { type LeadRow, leadColumns, leadFromRow } from '../lead/lead-row.ts'
import type { ClaimedBooking, NotificationStore } from './notification-store.ts'
import type { NotificationChannel } from './notifier.ts'
import { attemptOutcomeRecorder } from './sql-attempt-outcome.ts'
import { outboxClaim } from './sql-outbox-claim.ts'

type BookingMethods = Pick<NotificationStore, 'claimDueBookings' | 'recordBookingOutcome'>

interface BookingClaimRow extends LeadRow {
  provider: BookingProvider
  notice_booking_id: string
  notice: BookingNoticeKind
  channel: NotificationChannel
  attempts: number
  tries: number
  start_time: Date | string
  time_zone: string
  recorded_at: Date | string
}

const outbox = {
  table: 'demo_request_booking_notifications',
  keys: ['provider', 'booking_id', 'notice', 'channel'],
}

// The key parameters ($6 to $8) narrow the claim to one change, the one just applied.
const claim = outboxClaim({
  ...outbox,
  alias: 'n',
  skipKey: `n.provider || '/' || n.notice || '/' || n.channel || '/' || n.booking_id`,
  joins: [
    {
      table: 'public.demo_request_bookings b',
      on: 'b.provider = n.provider and b.booking_id = n.booking_id',
    },
    { table: 'public.demo_requests d', on: 'd.id = b.lead_id' },
  ],
  where: [
    '($6::text is null or n.provider = $6) and ($7::text is null or n.booking_id = $7)',
    '($8::text is null or n.notice = $8)',
  ],
  returning: [
    'n.provider',
    'n.booking_id as notice_booking_id',
    'n.notice',
    'n.created_at as recorded_at',
    'b.start_time',
    'b.time_zone',
    leadColumns('d'),
  ],
})

const recordAttempt = attemptOutcomeRecorder(outbox)

function fromRow(row: BookingClaimRow): ClaimedBooking {
  return {
    channel: row.channel,
    attempt: Number(row.attempts),
    tries: Number(row.tries),
    booking: {
      notice: row.notice,
      provider: row.provider,
      bookingId: row.notice_booking_id,
      startTime: toDate(row.start_time),
      inviteeTimeZone: row.time_zone,
      recordedAt: toDate(row.recorded_at),
      lead: leadFromRow(row),
    },
  }
}

/** The booking half of the SQL notification store, in transactions from `run`. */
export function sqlBookingNoticeMethods(
  run: <T>(work: (tx: SqlDatabase) => Promise<T>) => Promise<T>,
): BookingMethods {
  return {
    claimDueBookings: ({ key, ...options }) =>
      options.channels.length === 0
        ? Promise.resolve([])
        : run(async (tx) => {
            const rows = await claim<BookingClaimRow>(
              tx,
              options,
              key?.provider ?? null,
              key?.bookingId ?? null,
              key?.notice ?? null,
            )
            return rows.map(fromRow)
          }),

    recordBookingOutcome: ({ booking, channel, attempt }, outcome, now) =>
      run((tx) =>
        recordAttempt(
          tx,
          { key: [booking.provider, booking.bookingId, booking.notice, channel], attempt },
          outcome,
          now,
        ),
      ),
  }
}
