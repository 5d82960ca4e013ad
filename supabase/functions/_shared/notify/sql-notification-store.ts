import type { SqlDatabase } from '../db/sql-database.ts'
import { transactionsAs } from '../db/sql-role.ts'
import { type LeadRow, leadColumns, leadFromRow } from '../lead/lead-row.ts'
import type { ClaimedNotification, NotificationStore } from './notification-store.ts'
import type { NotificationChannel } from './notifier.ts'
import { attemptOutcomeRecorder } from './sql-attempt-outcome.ts'
import { sqlBookingNoticeMethods } from './sql-booking-notice-store.ts'
import { sqlDigestMethods } from './sql-digest-store.ts'
import { sqlNoBookingMethods } from './sql-no-booking-store.ts'
import { leadOutbox, outboxClaim } from './sql-outbox-claim.ts'
import { sqlStatusNoticeMethods } from './sql-status-notice-store.ts'

/** How the notification store reaches its database. */
export interface SqlNotificationStoreOptions {
  /** Role each transaction switches to; empty keeps the login role. */
  role?: string
}

interface ClaimRow extends LeadRow {
  channel: NotificationChannel
  attempts: number
  tries: number
}

// Rows for the channels a lead still lacks: a new lead's, or a channel configured since.
// Only leads still to be told get them, so a channel added later does not resend old leads.
const addMissing = `
  insert into public.demo_request_notifications (lead_id, channel)
  select d.id, c.channel
  from public.demo_requests d
  cross join unnest($1::text[]) as c (channel)
  where d.notification_status in ('pending', 'failed')
    and ($2::uuid is null or d.id = $2::uuid)
    and not exists (
      select from public.demo_request_notifications n
      where n.lead_id = d.id and n.channel = c.channel
    )
  order by d.created_at, d.id
  limit $3
  on conflict do nothing`

const outbox = leadOutbox('demo_request_notifications', 'n')

// A lead's channels, while the lead is still to be told; `$6` narrows them to one lead.
const claim = outboxClaim({
  ...outbox,
  where: [
    '($6::uuid is null or n.lead_id = $6::uuid)',
    "d.notification_status in ('pending', 'failed')",
  ],
  returning: [leadColumns('d')],
})

const recordAttempt = attemptOutcomeRecorder(outbox)

// The lead's own columns sum its channels up, for `npm run leads` and for finding due leads.
const summarize = `
  update public.demo_requests d
  set notification_status = case
        when s.sent = s.wanted then 'sent' when s.failed > 0 then 'failed' else 'pending' end,
      notification_attempts = s.attempts,
      notification_error = s.errors,
      notified_at = case when s.sent = s.wanted then coalesce(d.notified_at, $3) end
  from (
    select cardinality($2::text[]) as wanted,
      count(*) filter (where status = 'sent') as sent,
      count(*) filter (where status in ('failed', 'dead')) as failed,
      coalesce(sum(attempts), 0)::integer as attempts,
      left(string_agg(channel || ': ' || last_error, '; ' order by channel)
        filter (where status in ('failed', 'dead')), 500) as errors
    from public.demo_request_notifications
    where lead_id = $1 and channel = any ($2::text[])
  ) s
  where d.id = $1 and d.notification_status <> 'skipped'`

function fromRow(row: ClaimRow): ClaimedNotification {
  return {
    channel: row.channel,
    attempt: Number(row.attempts),
    tries: Number(row.tries),
    lead: leadFromRow(row),
  }
}

/** The notification store in plain SQL, over any {@link SqlDatabase}: PGlite or PostgreSQL. */
export function createSqlNotificationStore(
  db: SqlDatabase,
  options: SqlNotificationStoreOptions = {},
): NotificationStore {
  const run = transactionsAs(db, options.role ?? 'service_role')

  return {
    ...sqlDigestMethods(run),
    ...sqlBookingNoticeMethods(run),
    ...sqlNoBookingMethods(run),
    ...sqlStatusNoticeMethods(run),

    claimDue: (options) =>
      options.channels.length === 0
        ? Promise.resolve([])
        : run(async (tx) => {
            const leadParam = options.leadId ?? null
            // Rows for leads beyond this batch are added by later calls.
            await tx.query(addMissing, [
              [...options.channels],
              leadParam,
              Math.max(options.limit, 100),
            ])
            const rows = await claim<ClaimRow>(tx, options, leadParam)
            return rows.map(fromRow)
          }),

    recordOutcomes: (results, channels, now) =>
      results.length === 0
        ? Promise.resolve()
        : run(async (tx) => {
            const ids = [...new Set(results.map(({ claim }) => claim.lead.id))].sort()
            // One recorder per lead at a time, so each summary reads every channel's last
            // outcome; the leads locked in one order, so two recorders never wait on each other.
            await tx.query(
              'select from public.demo_requests where id = any ($1::uuid[]) order by id for update',
              [ids],
            )
            for (const { claim, outcome } of results) {
              await recordAttempt(
                tx,
                { key: [claim.lead.id, claim.channel], attempt: claim.attempt },
                outcome,
                now,
              )
            }
            for (const id of ids) await tx.query(summarize, [id, [...channels], now])
          }),
  }
}
