import type { SqlDatabase } from '../db/sql-database.ts'
import { type SqlStoreOptions, transactionsAs } from '../db/sql-role.ts'

/** Where a quiet page alarm goes: the email API, or a chat webhook. */
export type QuietChannel = 'email' | 'slack' | 'teams'

/** An alarm (`quiet`) or its all-clear (`back`) a run of the job has claimed on one channel. */
export interface ClaimedQuietAlarm {
  source: string
  page: string
  /** The pair's last view when it went quiet: the spell, kept to five minutes. */
  lastView: Date
  kind: 'quiet' | 'back'
  channel: QuietChannel
  /** For an all-clear, the view that ended the spell. */
  backAt: Date | null
  /** This claim's try, from 1. */
  tries: number
  /** The owner's and marketing's addresses, for the email. */
  recipients: string[]
}

/** The quiet page alarms' claims, in the database (demo_request_quiet_alarms). */
export interface QuietAlarmStore {
  /**
   * Claims the alarms and all-clears due at `now` on `channels`, at most `limit`, each for
   * `leaseSeconds`: a claim is never handed to two runs while its lease lasts.
   */
  claimDue(options: {
    now: Date
    quietHours: number
    channels: readonly QuietChannel[]
    leaseSeconds: number
    limit: number
  }): Promise<ClaimedQuietAlarm[]>
  /** Sent: never claimed again. Failed: due again at `retryAt`, or never after the last try. */
  record(
    claim: ClaimedQuietAlarm,
    outcome: { sent: true } | { sent: false; error: string; retryAt: Date; dead: boolean },
  ): Promise<void>
}

/** Tries an alarm gets before it is given up. */
export const quietMaxTries = 8

type ClaimRow = {
  source: string
  page: string
  last_view: string | Date
  kind: ClaimedQuietAlarm['kind']
  channel: QuietChannel
  back_at: string | Date | null
  tries: number
  recipients: string[]
}

/**
 * The store on SQL, through the definer functions of the migration
 * (20261203230000_quiet_page_alarm.sql), as `role`.
 */
export function createSqlQuietAlarmStore(
  db: SqlDatabase,
  { role = '' }: SqlStoreOptions = {},
): QuietAlarmStore {
  const asRole = transactionsAs(db, role)
  return {
    async claimDue({ now, quietHours, channels, leaseSeconds, limit }) {
      const rows = await asRole((tx) =>
        tx.query<ClaimRow>(
          `select source, page, last_view, kind, channel, back_at, tries, recipients
            from public.quiet_claim_due($1, $2, $3, $4, $5, $6)`,
          [now.toISOString(), quietHours, channels, leaseSeconds, limit, quietMaxTries],
        ),
      )
      return rows.map((row) => ({
        source: row.source,
        page: row.page,
        lastView: new Date(row.last_view),
        kind: row.kind,
        channel: row.channel,
        backAt: row.back_at === null ? null : new Date(row.back_at),
        tries: row.tries,
        recipients: row.recipients,
      }))
    },
    async record(claim, outcome) {
      await asRole((tx) =>
        tx.query('select public.quiet_record_outcome($1, $2, $3, $4, $5, $6, $7, $8, $9)', [
          claim.source,
          claim.page,
          claim.lastView.toISOString(),
          claim.kind,
          claim.channel,
          outcome.sent,
          outcome.sent ? null : outcome.error,
          outcome.sent ? null : outcome.retryAt.toISOString(),
          // A refusal for good ends it at this try.
          !outcome.sent && outcome.dead ? claim.tries : quietMaxTries,
        ]),
      )
    },
  }
}
