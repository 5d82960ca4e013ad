import type { SqlDatabase } from '../db/sql-database.ts'
import { type LeadRow, leadColumns, leadFromRow } from '../lead/lead-row.ts'
import type { NotificationStore } from './notification-store.ts'
import type { NotificationChannel } from './notifier.ts'
import { attemptOutcomeRecorder } from './sql-attempt-outcome.ts'

type NoBookingMethods = Pick<NotificationStore, 'claimDueNoBookings' | 'recordNoBookingOutcome'>

interface NoBookingClaimRow extends LeadRow {
  channel: NotificationChannel
  attempts: number
  tries: number
}

// Whether a lead has booked: any booking reported, even one awaiting the host, or one since
// cancelled. Such a lead is never nudged about.
const unbooked = 'd.booking_state is null and d.booked_at is null'

// Rows for leads the delay has passed, routed to a booking page and not booked: only within a
// day of the delay, so a channel set up later, or a job that was off, does not nudge about stale
// leads. Spam and leads held by the bot defence get none: the held keep their digest alone.
const addMissing = `
  insert into public.demo_request_no_booking_alerts (lead_id, channel)
  select d.id, c.channel
  from public.demo_requests d
  cross join unnest($1::text[]) as c (channel)
  where d.created_at <= $3::timestamptz - $4::integer * interval '1 second'
    and d.created_at > $3::timestamptz - $4::integer * interval '1 second' - interval '1 day'
    and d.route_rule = any ($2::smallint[])
    and d.notification_status not in ('skipped', 'held')
    and ${unbooked}
    and not exists (
      select from public.demo_request_no_booking_alerts a
      where a.lead_id = d.id and a.channel = c.channel
    )
  order by d.created_at, d.id
  limit $5
  on conflict do nothing`

// As for a lead's channels (sql-notification-store.ts): `skip locked` keeps workers apart, and
// the attempt count is the claim's fencing token. A lead that booked since its row was made is
// passed over, and its row left unsent.
const claim = `
  with due as (
    select a.lead_id, a.channel
    from public.demo_request_no_booking_alerts a
    join public.demo_requests d on d.id = a.lead_id
    where a.channel = any ($1::text[])
      and a.status in ('pending', 'failed')
      and (a.next_attempt_at is null or a.next_attempt_at <= $5)
      and (a.claimed_until is null or a.claimed_until <= $5)
      and ${unbooked}
      and not ((a.lead_id::text || '/' || a.channel) = any ($4::text[]))
    order by a.attempts, a.created_at, a.lead_id, a.channel
    limit $2
    for update of a skip locked
  )
  update public.demo_request_no_booking_alerts a
  set attempts = a.attempts + 1, claimed_until = $5::timestamptz + $3::integer * interval '1 second'
  from due, public.demo_requests d
  where a.lead_id = due.lead_id and a.channel = due.channel and d.id = a.lead_id
  returning a.channel, a.attempts, a.attempts - a.retry_base as tries, ${leadColumns('d')}`

const recordAttempt = attemptOutcomeRecorder('demo_request_no_booking_alerts', 'lead_id')

/** The "sent but not booked" half of the SQL notification store, in transactions from `run`. */
export function sqlNoBookingMethods(
  run: <T>(work: (tx: SqlDatabase) => Promise<T>) => Promise<T>,
): NoBookingMethods {
  return {
    claimDueNoBookings: ({
      channels,
      bookingRules,
      delaySeconds,
      limit,
      leaseSeconds,
      skip = [],
      now,
    }) =>
      channels.length === 0 || bookingRules.length === 0
        ? Promise.resolve([])
        : run(async (tx) => {
            await tx.query(addMissing, [
              [...channels],
              [...bookingRules],
              now,
              Math.ceil(delaySeconds),
              Math.max(limit, 100),
            ])
            const rows = await tx.query<NoBookingClaimRow>(claim, [
              [...channels],
              limit,
              Math.ceil(leaseSeconds),
              [...skip],
              now,
            ])
            return rows.map((row) => ({
              channel: row.channel,
              attempt: Number(row.attempts),
              tries: Number(row.tries),
              lead: leadFromRow(row),
            }))
          }),

    recordNoBookingOutcome: ({ lead, channel, attempt }, outcome, now) =>
      run((tx) => recordAttempt(tx, { key: lead.id, channel, attempt }, outcome, now)),
  }
}
