import type { SqlDatabase } from '../db/sql-database.ts'
import { type LeadRow, leadColumns, leadFromRow } from '../lead/lead-row.ts'
import type { NotificationStore } from './notification-store.ts'
import type { NotificationChannel } from './notifier.ts'
import { attemptOutcomeRecorder } from './sql-attempt-outcome.ts'
import { leadOutbox, outboxClaim } from './sql-outbox-claim.ts'

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

const outbox = leadOutbox('demo_request_no_booking_alerts', 'a')

// A lead that booked since its row was made is passed over, and its row left unsent.
const claim = outboxClaim({
  ...outbox,
  where: [unbooked],
  returning: [leadColumns('d')],
})

const recordAttempt = attemptOutcomeRecorder(outbox)

/** The "sent but not booked" half of the SQL notification store, in transactions from `run`. */
export function sqlNoBookingMethods(
  run: <T>(work: (tx: SqlDatabase) => Promise<T>) => Promise<T>,
): NoBookingMethods {
  return {
    claimDueNoBookings: ({ bookingRules, delaySeconds, ...options }) =>
      options.channels.length === 0 || bookingRules.length === 0
        ? Promise.resolve([])
        : run(async (tx) => {
            await tx.query(addMissing, [
              [...options.channels],
              [...bookingRules],
              options.now,
              Math.ceil(delaySeconds),
              Math.max(options.limit, 100),
            ])
            const rows = await claim<NoBookingClaimRow>(tx, options)
            return rows.map((row) => ({
              channel: row.channel,
              attempt: Number(row.attempts),
              tries: Number(row.tries),
              lead: leadFromRow(row),
            }))
          }),

    recordNoBookingOutcome: ({ lead, channel, attempt }, outcome, now) =>
      run((tx) => recordAttempt(tx, { key: [lead.id, channel], attempt }, outcome, now)),
  }
}
