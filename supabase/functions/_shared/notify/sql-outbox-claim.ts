import type { SqlDatabase } from '../db/sql-database.ts'
import type { NotificationChannel } from './notifier.ts'

/** An outbox table as its claim reads it: a row a channel, keyed by `keys`. */
interface Outbox {
  /** The table, under `public`. */
  table: string
  /** The table's alias in the statement, which `skipKey`, `joins`, `where` and `returning` use. */
  alias: string
  /** The columns that key a row, `channel` among them. */
  keys: readonly string[]
  /** A row's key as the run's skip list writes it; by default its key columns joined by `/`. */
  skipKey?: string
  /** What rows of as many attempts are claimed in: by default oldest first, then by key. */
  order?: readonly string[]
  /** The tables a row is read with (its lead, its booking), each with how it joins. */
  joins?: readonly { table: string; on: string }[]
  /** What a due row must also meet to be claimed; the claim's own parameters start at `$6`. */
  where?: readonly string[]
  /** What the claim returns beside the row's channel, attempt and tries. */
  returning?: readonly string[]
}

/** An outbox of a lead's channels: keyed by its lead and channel, read with the lead as `d`. */
export const leadOutbox = (table: string, alias: string) => ({
  table,
  alias,
  keys: ['lead_id', 'channel'],
  joins: [{ table: 'public.demo_requests d', on: `d.id = ${alias}.lead_id` }],
})

/** What a run claims: the options every outbox's claim shares. */
interface OutboxClaimRequest {
  /** The channels configured now; other channels' rows are left alone. */
  channels: readonly NotificationChannel[]
  limit: number
  leaseSeconds: number
  /** Rows to pass over, as `skipKey` writes them: those this run has already tried. */
  skip?: readonly string[]
  /** The clock's time: leases are compared with it and run from it. */
  now: Date
}

/** A claimed row's attempt: the claim's fencing token, and the tries since the last retry. */
interface ClaimedRow {
  channel: NotificationChannel
  attempts: number
  tries: number
}

/**
 * The claim of a bounded batch of an outbox's due rows (pending or failed, past their retry time
 * and any lease), fewest attempts first: each row's attempts go up by one, which fences its
 * outcome (sql-attempt-outcome.ts), and its lease runs `leaseSeconds` from `now`. `skip locked`
 * passes over rows another worker is claiming right now; in READ COMMITTED the lock re-reads each
 * row, so one claimed a moment ago (a future claimed_until) drops out too.
 */
export function outboxClaim({
  table,
  alias: a,
  keys,
  skipKey = keys.map((key) => `${a}.${key}::text`).join(` || '/' || `),
  order = ['created_at', ...keys],
  joins = [],
  where = [],
  returning = [],
}: Outbox) {
  const statement = `
    with due as (
      select ${keys.map((key) => `${a}.${key}`).join(', ')}
      from public.${table} ${a}
      ${joins.map((join) => `join ${join.table} on ${join.on}`).join('\n')}
      where ${a}.channel = any ($1::text[])
        and ${a}.status in ('pending', 'failed')
        and (${a}.next_attempt_at is null or ${a}.next_attempt_at <= $5)
        and (${a}.claimed_until is null or ${a}.claimed_until <= $5)
        and not ((${skipKey}) = any ($4::text[]))
        ${where.map((condition) => `and ${condition}`).join('\n')}
      order by ${[`${a}.attempts`, ...order.map((column) => `${a}.${column}`)].join(', ')}
      limit $2
      for update of ${a} skip locked
    )
    update public.${table} ${a}
    set attempts = ${a}.attempts + 1,
      claimed_until = $5::timestamptz + $3::integer * interval '1 second'
    from ${['due', ...joins.map((join) => join.table)].join(', ')}
    where ${[...keys.map((key) => `${a}.${key} = due.${key}`), ...joins.map((join) => join.on)].join(' and ')}
    returning ${[`${a}.channel`, `${a}.attempts`, `${a}.attempts - ${a}.retry_base as tries`, ...returning].join(', ')}`
  return <Row extends ClaimedRow>(
    tx: SqlDatabase,
    { channels, limit, leaseSeconds, skip = [], now }: OutboxClaimRequest,
    ...params: unknown[]
  ) =>
    tx.query<Row>(statement, [
      [...channels],
      limit,
      Math.ceil(leaseSeconds),
      [...skip],
      now,
      ...params,
    ])
}
