import type { SqlDatabase } from '../db/sql-database.ts'
import { type LeadRow, leadColumns, leadFromRow } from '../lead/lead-row.ts'
import { digestListLength } from './held-digest.ts'
import type { NotificationStore } from './notification-store.ts'
import type { NotificationChannel } from './notifier.ts'
import { attemptOutcomeRecorder } from './sql-attempt-outcome.ts'

type DigestMethods = Pick<NotificationStore, 'claimDueDigests' | 'recordDigestOutcome' | 'prune'>

interface DigestClaimRow {
  held_until: Date | string
  channel: NotificationChannel
  attempts: number
  tries: number
}

// A digest's rows, once its window is over, for the channels configured now. A week back at
// most: a channel configured later does not send a stale flood's digest, and the scan of held
// leads stays short.
const addMissing = `
  insert into public.demo_request_digests (held_until, channel)
  select h.held_until, c.channel
  from (
    select distinct held_until from public.demo_requests
    where held_until <= $2 and held_until > $2::timestamptz - interval '7 days'
  ) h
  cross join unnest($1::text[]) as c (channel)
  where not exists (
    select from public.demo_request_digests g
    where g.held_until = h.held_until and g.channel = c.channel
  )
  on conflict do nothing`

// As for a lead's channels (sql-notification-store.ts): `skip locked` keeps workers apart.
const claim = `
  with due as (
    select g.held_until, g.channel
    from public.demo_request_digests g
    where g.channel = any ($1::text[])
      and g.status in ('pending', 'failed')
      and (g.next_attempt_at is null or g.next_attempt_at <= $5)
      and (g.claimed_until is null or g.claimed_until <= $5)
      and not (((extract(epoch from g.held_until) * 1000)::bigint || '/' || g.channel)
        = any ($4::text[]))
    order by g.attempts, g.held_until, g.channel
    limit $2
    for update skip locked
  )
  update public.demo_request_digests g
  set attempts = g.attempts + 1, claimed_until = $5::timestamptz + $3::integer * interval '1 second'
  from due
  where g.held_until = due.held_until and g.channel = due.channel
  returning g.held_until, g.channel, g.attempts, g.attempts - g.retry_base as tries`

const recordAttempt = attemptOutcomeRecorder('demo_request_digests', 'held_until')

// A window's held leads, the first of them with all their count: every attempt reads the same
// rows, since a window's held leads are final once it is over.
const heldLeads = `
  select ${leadColumns()}, count(*) over ()::int as total
  from public.demo_requests where held_until = $1
  order by created_at, id limit $2`

/** The digest half of the SQL notification store, in transactions from `run`. */
export function sqlDigestMethods(
  run: <T>(work: (tx: SqlDatabase) => Promise<T>) => Promise<T>,
): DigestMethods {
  return {
    claimDueDigests: ({ channels, limit, leaseSeconds, skip = [], now }) =>
      channels.length === 0
        ? Promise.resolve([])
        : run(async (tx) => {
            await tx.query(addMissing, [[...channels], now])
            const rows = await tx.query<DigestClaimRow>(claim, [
              [...channels],
              limit,
              Math.ceil(leaseSeconds),
              [...skip],
              now,
            ])
            const claimed = []
            // One after another: a transaction's statements share its connection anyway.
            for (const row of rows) {
              const heldUntil = new Date(row.held_until)
              const leads = await tx.query<LeadRow & { total: number }>(heldLeads, [
                heldUntil,
                digestListLength,
              ])
              claimed.push({
                channel: row.channel,
                attempt: Number(row.attempts),
                tries: Number(row.tries),
                digest: { heldUntil, count: leads[0]?.total ?? 0, leads: leads.map(leadFromRow) },
              })
            }
            return claimed
          }),

    recordDigestOutcome: ({ digest, channel, attempt }, outcome, now) =>
      run((tx) => recordAttempt(tx, { key: digest.heldUntil, channel, attempt }, outcome, now)),

    prune: (before) =>
      run(async (tx) => {
        // Past the week addMissing looks back, a digest is never made again.
        await tx.query(
          `delete from public.demo_request_digests
            where held_until < $1::timestamptz - interval '8 days'`,
          [before],
        )
      }),
  }
}
