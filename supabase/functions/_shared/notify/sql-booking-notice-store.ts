import type { BookingProvider } from '#core/next-step.ts'
import type { BookingNoticeKind } from '../booking/booking-event.ts'
import type { SqlDatabase } from '../db/sql-database.ts'
import { toDate } from '../db/sql-role.ts'
import { type LeadRow, leadColumns, leadFromRow } from '../lead/lead-row.ts'
import type { ClaimedBooking, NotificationStore } from './notification-store.ts'
import type { NotificationChannel } from './notifier.ts'

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

// As for a lead's channels (sql-notification-store.ts): `skip locked` keeps workers apart, and
// the attempt count is the claim's fencing token. The key parameters ($2 to $4) narrow the claim
// to one change, the one just applied.
const claim = `
  with due as (
    select n.provider, n.booking_id, n.notice, n.channel
    from public.demo_request_booking_notifications n
    where n.channel = any ($1::text[])
      and ($2::text is null or n.provider = $2) and ($3::text is null or n.booking_id = $3)
      and ($4::text is null or n.notice = $4)
      and n.status in ('pending', 'failed')
      and (n.next_attempt_at is null or n.next_attempt_at <= $8)
      and (n.claimed_until is null or n.claimed_until <= $8)
      and not ((n.provider || '/' || n.notice || '/' || n.channel || '/' || n.booking_id)
        = any ($7::text[]))
    order by n.attempts, n.created_at, n.provider, n.booking_id, n.notice, n.channel
    limit $5
    for update of n skip locked
  )
  update public.demo_request_booking_notifications n
  set attempts = n.attempts + 1, claimed_until = $8::timestamptz + $6::integer * interval '1 second'
  from due, public.demo_request_bookings b, public.demo_requests d
  where n.provider = due.provider and n.booking_id = due.booking_id and n.notice = due.notice
    and n.channel = due.channel
    and b.provider = n.provider and b.booking_id = n.booking_id and d.id = b.lead_id
  returning n.provider, n.booking_id as notice_booking_id, n.notice, n.channel, n.attempts,
    n.attempts - n.retry_base as tries,
    n.created_at as recorded_at, b.start_time, b.time_zone, ${leadColumns('d')}`

const sent = `
  update public.demo_request_booking_notifications
  set status = 'sent', sent_at = coalesce(sent_at, $5), last_error = null, claimed_until = null
  where provider = $1 and booking_id = $2 and notice = $3 and channel = $4`

// Only the attempt that holds the claim may record a failure, and never over a success.
const failed = `
  update public.demo_request_booking_notifications
  set status = case when $8 then 'dead' else 'failed' end, last_error = left($5, 500),
    claimed_until = null, next_attempt_at = $7, failed_at = $9
  where provider = $1 and booking_id = $2 and notice = $3 and channel = $4
    and attempts = $6 and status <> 'sent'`

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
    claimDueBookings: ({ channels, key, limit, leaseSeconds, skip = [], now }) =>
      channels.length === 0
        ? Promise.resolve([])
        : run(async (tx) => {
            const rows = await tx.query<BookingClaimRow>(claim, [
              [...channels],
              key?.provider ?? null,
              key?.bookingId ?? null,
              key?.notice ?? null,
              limit,
              Math.ceil(leaseSeconds),
              [...skip],
              now,
            ])
            return rows.map(fromRow)
          }),

    recordBookingOutcome: ({ booking, channel, attempt }, outcome, now) =>
      run(async (tx) => {
        const key = [booking.provider, booking.bookingId, booking.notice, channel]
        if (outcome.status === 'sent') await tx.query(sent, [...key, now])
        else {
          await tx.query(failed, [
            ...key,
            outcome.error,
            attempt,
            outcome.retryAt,
            outcome.dead,
            now,
          ])
        }
      }),
  }
}
