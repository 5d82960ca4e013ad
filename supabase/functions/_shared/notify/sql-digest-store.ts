import type { SqlDatabase } from '../db/sql-database.ts'
import { type LeadRow, leadColumns, leadFromRow } from '../lead/lead-row.ts'
import { digestListLength } from './held-digest.ts'
import type { NotificationStore } from './notification-store.ts'
import type { NotificationChannel } from './notifier.ts'
import { attemptOutcomeRecorder } from './sql-attempt-outcome.ts'
import { outboxClaim } from './sql-outbox-claim.ts'

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

const outbox = { table: 'demo_request_digests', keys: ['held_until', 'channel'] }

// A window's digest a channel, claimed in the order the windows closed.
const claim = outboxClaim({
  ...outbox,
  alias: 'g',
  skipKey: `(extract(epoch from g.held_until) * 1000)::bigint || '/' || g.channel`,
  order: ['held_until', 'channel'],
  returning: ['g.held_until'],
})

const recordAttempt = attemptOutcomeRecorder(outbox)

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
    claimDueDigests: (options) =>
      options.channels.length === 0
        ? Promise.resolve([])
        : run(async (tx) => {
            await tx.query(addMissing, [[...options.channels], options.now])
            const rows = await claim<DigestClaimRow>(tx, options)
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
      run((tx) => recordAttempt(tx, { key: [digest.heldUntil, channel], attempt }, outcome, now)),

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
