import type { FunnelEventName } from '#core/funnel-events.ts'
import type { SqlDatabase } from '../db/sql-database.ts'
import { type SqlStoreOptions, transactionsAs } from '../db/sql-role.ts'
import { readFunnelRows } from './funnel-report.ts'
import type { FunnelCount, FunnelStore } from './funnel-store.ts'

// Per day, source and page as counted: the pages' counters, and the function's own events as
// demo_request_funnel_lead_events reads them from the leads.
const countsSql = `
  select day::text as day, source, page, event, field, code, sum(n)::text as n
  from public.demo_request_funnel_counts
  where day >= $1::date and ($2::text is null or source = $2)
  group by day, source, page, event, field, code
  union all
  select day::text, source, page, event, '', code, n::text
  from public.demo_request_funnel_lead_events($1::date, $2)
  order by 1, 2, 3, 4, 5, 6`

/** The funnel's counters in plain SQL, over any {@link SqlDatabase}: PGlite or PostgreSQL. */
export function createSqlFunnelStore(db: SqlDatabase, options: SqlStoreOptions = {}): FunnelStore {
  const run = transactionsAs(db, options.role ?? 'service_role')

  return {
    // One call outside any transaction, as a lead's: count_funnel_batch does it all as its owner.
    async countBatch(batch, day, limit, bounds) {
      const events = batch.events.map((entry) => ({
        event: entry.event,
        field: 'field' in entry ? entry.field : '',
        code: 'code' in entry ? entry.code : '',
      }))
      const [row] = await db.query<{ counted: boolean }>(
        `select public.count_funnel_batch(p_events => $1::jsonb, p_source => $2, p_page => $3,
           p_day => $4::date, p_client_key => $5, p_window_start => $6, p_client_max => $7,
           p_source_pages => $8, p_day_pairs => $9, p_utm_source => $10,
           p_utm_campaign => $11, p_source_campaigns => $12, p_origin => $13, p_at => $14) as counted`,
        [
          JSON.stringify(events),
          batch.source,
          batch.page,
          day,
          limit.clientKey,
          limit.windowStart,
          limit.clientMax,
          bounds.sourcePages,
          bounds.originPairs,
          batch.utmSource ?? '',
          batch.utmCampaign ?? '',
          bounds.sourceCampaigns ?? 50,
          limit.origin ?? null,
          limit.arrived ?? null,
        ],
      )
      return row?.counted === true
    },

    counts: (since, source = null) =>
      run(async (tx) => {
        const rows = await tx.query<Omit<FunnelCount, 'n'> & { n: string | number }>(countsSql, [
          since,
          source,
        ])
        return rows.map((row) => ({
          ...row,
          event: row.event as FunnelEventName,
          n: Number(row.n),
        }))
      }),

    report: (range) => run((tx) => readFunnelRows(tx, range, 'service')),

    prune: (beforeDay, windowsBefore, today, timeZone) =>
      run(async (tx) => {
        await tx.query('select public.demo_request_funnel_compact($1::date, $2)', [today, timeZone])
        for (const table of [
          'funnel_counts',
          'funnel_pages',
          'funnel_origin_days',
          'funnel_campaign_counts',
          'funnel_campaigns',
          'funnel_summed_days',
          'funnel_day_steps',
          // A week's sum (span 7, dated by its Monday) holds its pruned days too: it goes with
          // the first of them.
          'funnel_page_sums',
          'funnel_field_sums',
          'funnel_campaign_sums',
          'funnel_lead_sums',
          'funnel_lead_summed_days',
        ]) {
          await tx.query(`delete from public.demo_request_${table} where day < $1::date`, [
            beforeDay,
          ])
        }
        // A pair unseen for 30 days counts against its origin's room again if it comes back.
        await tx.query(
          'delete from public.demo_request_funnel_seen where last_day < $1::date - 30',
          [today],
        )
        await tx.query(
          'delete from public.demo_request_funnel_rate_limits where window_start < $1',
          [windowsBefore],
        )
      }),
  }
}
