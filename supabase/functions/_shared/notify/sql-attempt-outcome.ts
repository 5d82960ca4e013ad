import type { SqlDatabase } from '../db/sql-database.ts'
import type { NotificationOutcome } from './notification-store.ts'
import type { NotificationChannel } from './notifier.ts'

/** One claimed attempt on a channel's row: a lead's notification or a window's digest. */
interface Attempt {
  /** The row's key besides its channel: a lead's id, or a digest's `held_until`. */
  key: string | Date
  channel: NotificationChannel
  attempt: number
}

/**
 * Records attempts' outcomes in `table`, whose rows are keyed by `keyColumn` and `channel`; lead
 * notifications and digests are claimed, leased and recorded alike.
 */
export function attemptOutcomeRecorder(
  table: 'demo_request_notifications' | 'demo_request_digests' | 'demo_request_no_booking_alerts',
  keyColumn: 'lead_id' | 'held_until',
) {
  const sent = `
    update public.${table}
    set status = 'sent', sent_at = coalesce(sent_at, $3), last_error = null, claimed_until = null
    where ${keyColumn} = $1 and channel = $2`
  // Only the attempt that holds the claim may record a failure, and never over a success; its
  // time is the dead letter's, once the last try fails.
  const failed = `
    update public.${table}
    set status = case when $6 then 'dead' else 'failed' end, last_error = left($3, 500),
      claimed_until = null, next_attempt_at = $5, failed_at = $7
    where ${keyColumn} = $1 and channel = $2 and attempts = $4 and status <> 'sent'`
  return async (
    tx: SqlDatabase,
    { key, channel, attempt }: Attempt,
    outcome: NotificationOutcome,
    now: Date,
  ) => {
    if (outcome.status === 'sent') await tx.query(sent, [key, channel, now])
    else {
      await tx.query(failed, [
        key,
        channel,
        outcome.error,
        attempt,
        outcome.retryAt,
        outcome.dead,
        now,
      ])
    }
  }
}
