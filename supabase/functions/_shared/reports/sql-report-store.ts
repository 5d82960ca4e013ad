import { funnelReportOf, readFunnelRows } from '../analytics/funnel-report.ts'
import { asPerson } from '../console/as-person.ts'
import type { SqlDatabase } from '../db/sql-database.ts'
import { type SqlStoreOptions, transactionsAs } from '../db/sql-role.ts'
import type { ClaimedReport, ReportStore } from './report-store.ts'

/** Tries a report gets before it is given up (failed for good, or the email API down a day). */
export const reportMaxTries = 8

type ClaimRow = {
  user_id: string
  email: string
  cadence: ClaimedReport['cadence']
  period_start: string
  period_end: string
  token: string
  tries: number
}

/**
 * The report store on SQL: claims and outcomes through the definer functions of the migration
 * (20261203220000_funnel_report_emails.sql), as `role`; each report read as its person, through
 * console_funnel, so their role bounds it exactly as it bounds their console.
 */
export function createSqlReportStore(
  db: SqlDatabase,
  { role = '' }: SqlStoreOptions = {},
): ReportStore {
  const asRole = transactionsAs(db, role)
  return {
    async claimDue({ now, timeZone, leaseSeconds, limit }) {
      const rows = await asRole((tx) =>
        tx.query<ClaimRow>(
          `select user_id::text, email, cadence, period_start::text, period_end::text, token, tries
            from public.report_claim_due($1, $2, $3, $4, $5)`,
          [now.toISOString(), timeZone, leaseSeconds, limit, reportMaxTries],
        ),
      )
      return rows.map((row) => ({
        userId: row.user_id,
        email: row.email,
        cadence: row.cadence,
        from: row.period_start,
        to: row.period_end,
        token: row.token,
        tries: row.tries,
      }))
    },
    read(claim, { timeZone, sourceCampaigns }) {
      const range = { from: claim.from, to: claim.to, timeZone, source: null, sourceCampaigns }
      return asPerson(db, { sub: claim.userId, role: 'authenticated' }, async (tx, person) => {
        const rows = await readFunnelRows(tx, range, 'staff')
        const sources = person.role === 'partner' ? person.sources : null
        return { report: funnelReportOf(rows, range, sources), sources }
      })
    },
    async record(claim, outcome) {
      await asRole((tx) =>
        tx.query('select public.report_record_outcome($1, $2, $3, $4, $5, $6, $7)', [
          claim.userId,
          claim.cadence,
          claim.from,
          outcome.sent,
          outcome.sent ? null : outcome.error,
          outcome.sent ? null : outcome.retryAt.toISOString(),
          reportMaxTries,
        ]),
      )
    },
    async unsubscribe(token) {
      const [row] = await asRole((tx) =>
        tx.query<{ known: boolean }>('select public.report_unsubscribe($1) as known', [token]),
      )
      return row?.known === true
    },
  }
}
