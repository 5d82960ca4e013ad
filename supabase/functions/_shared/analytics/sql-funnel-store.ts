import type { FunnelEventName } from '../../../../src/analytics/funnel-events.ts'
import type { SqlDatabase } from '../db/sql-database.ts'
import { type SqlStoreOptions, transactionsAs } from '../db/sql-role.ts'
import type { FunnelCount, FunnelStore } from './funnel-store.ts'

/** The funnel's counters in plain SQL, over any {@link SqlDatabase}: PGlite or PostgreSQL. */
export function createSqlFunnelStore(db: SqlDatabase, options: SqlStoreOptions = {}): FunnelStore {
  const run = transactionsAs(db, options.role ?? 'service_role')

  return {
    // One call outside any transaction, as a lead's: count_funnel_batch does it all as its owner.
    async countBatch(batch, day, limit) {
      const events = batch.events.map((entry) => ({
        event: entry.event,
        field: 'field' in entry ? entry.field : '',
        code: 'code' in entry ? entry.code : '',
      }))
      const [row] = await db.query<{ counted: boolean }>(
        `select public.count_funnel_batch(p_events => $1::jsonb, p_source => $2, p_page => $3,
           p_day => $4::date, p_client_key => $5, p_window_start => $6, p_client_max => $7)
           as counted`,
        [
          JSON.stringify(events),
          batch.source,
          batch.page,
          day,
          limit.clientKey,
          limit.windowStart,
          limit.clientMax,
        ],
      )
      return row?.counted === true
    },

    counts: (since, source = null) =>
      run(async (tx) => {
        const rows = await tx.query<Omit<FunnelCount, 'n'> & { n: string | number }>(
          `select day::text as day, source, page, event, field, code, sum(n)::text as n
           from public.demo_request_funnel_counts
           where day >= $1::date and ($2::text is null or source = $2)
           group by day, source, page, event, field, code
           order by day, source, page, event, field, code`,
          [since, source],
        )
        return rows.map((row) => ({
          ...row,
          event: row.event as FunnelEventName,
          n: Number(row.n),
        }))
      }),

    prune: (beforeDay, windowsBefore) =>
      run(async (tx) => {
        await tx.query('delete from public.demo_request_funnel_counts where day < $1::date', [
          beforeDay,
        ])
        await tx.query(
          'delete from public.demo_request_funnel_rate_limits where window_start < $1',
          [windowsBefore],
        )
      }),
  }
}
