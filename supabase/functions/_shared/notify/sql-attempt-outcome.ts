import type { SqlDatabase } from '../db/sql-database.ts'
import type { NotificationOutcome } from './notification-store.ts'

/** One claimed attempt on an outbox row. */
interface Attempt {
  /** The row's key, a value for each of the recorder's key columns. */
  key: readonly unknown[]
  attempt: number
  /** The fence column's value the attempt sent, where the recorder has one. */
  fence?: unknown
}

/** Where the recorder writes: an outbox table whose claims come from sql-outbox-claim.ts. */
interface OutboxRows {
  /** The table, under `public`. */
  table: string
  /** The columns that key a row, `channel` among them, in the order of an attempt's `key`. */
  keys: readonly string[]
  /**
   * A column that versions the row (a lead's status change): an outcome counts only against the
   * version it sent. A newer one stays pending, its lease let go so the next run claims it at
   * once, and keeps its own tries.
   */
  fence?: string
}

/** Records claimed attempts' outcomes in an outbox table: sent, or failed until then, or dead. */
export function attemptOutcomeRecorder({ table, keys, fence }: OutboxRows) {
  const key = keys.map((column, i) => `${column} = $${i + 1}`).join(' and ')
  const at = (n: number) => `$${keys.length + n}`
  // The fence, last of the parameters, decides each column: the new value for the version sent,
  // the old one for a newer version.
  const fenced = (fenceAt: number) => (value: string, column: string) =>
    fence === undefined
      ? value
      : `case when ${fence} = ${at(fenceAt)} then ${value} else ${column} end`
  const ifSent = fenced(2)
  const sent = `
    update public.${table}
    set status = ${ifSent("'sent'", 'status')},
      sent_at = ${ifSent(`coalesce(sent_at, ${at(1)})`, 'sent_at')},
      last_error = ${ifSent('null', 'last_error')}, claimed_until = null
    where ${key}${fence === undefined ? '' : ` and status <> 'sent'`}`
  // Only the attempt that holds the claim may record a failure, and never over a success; its
  // time is the dead letter's, once the last try fails.
  const ifFailed = fenced(6)
  const failed = `
    update public.${table}
    set status = ${ifFailed(`case when ${at(4)} then 'dead' else 'failed' end`, 'status')},
      last_error = ${ifFailed(`left(${at(1)}, 500)`, 'last_error')},
      next_attempt_at = ${ifFailed(at(3), 'next_attempt_at')},
      failed_at = ${ifFailed(at(5), 'failed_at')}, claimed_until = null
    where ${key} and attempts = ${at(2)} and status <> 'sent'`
  const fenceParam = (attempt: Attempt) => (fence === undefined ? [] : [attempt.fence])
  return async (tx: SqlDatabase, attempt: Attempt, outcome: NotificationOutcome, now: Date) => {
    if (outcome.status === 'sent') {
      await tx.query(sent, [...attempt.key, now, ...fenceParam(attempt)])
    } else {
      await tx.query(failed, [
        ...attempt.key,
        outcome.error,
        attempt.attempt,
        outcome.retryAt,
        outcome.dead,
        now,
        ...fenceParam(attempt),
      ])
    }
  }
}
