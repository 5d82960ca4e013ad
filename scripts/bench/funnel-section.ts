import { performance } from 'node:perf_hooks'
import { asStaff } from '#shared/console/as-staff.ts'
import { createPostgresDatabase } from '#shared/db/postgres-database.ts'
import { runMigrations } from '../../server/migrate.ts'
import { addConsoleStaff, staffClaims } from '../../tests/support/console-staff.ts'
import { findPostgresBin, startPostgresCluster } from '../../tests/support/postgres-cluster.ts'
import type { BenchRow } from './bench-row.ts'
import { cleanupOnInterrupt } from './interrupt-cleanup.ts'
import { median, quantile } from './stats.ts'

const sources = 50
const pagesPerSource = 10
const days = 365
const viewDays = 90
// Rounds of each query in turn, so a busy moment of the machine falls on both.
const rounds = 10
const callsPerRound = 5

// A page's day as the counters keep it once compacted: the steps, and fields left on the way.
const pageEvents = `(values ('shown', '', ''), ('started', '', ''), ('send-tried', '', ''),
  ('booking-shown', '', ''), ('booking-link-used', '', ''), ('not-now', '', ''),
  ('field-empty', 'firstName', ''), ('field-empty', 'companySize', ''),
  ('field-error', 'companyName', 'letterOrDigit'), ('field-error', 'email', 'invalid'),
  ('refused', 'lastName', 'required')) as e (event, field, code)`

// A year of counters for 50 sources of 10 pages each (about 2 million rows), a few campaigns per
// source, 20,000 leads, and the compaction run over every day as the hourly job would have.
const seed = `
insert into public.demo_request_funnel_counts (day, source, page, event, field, code, shard, n)
select current_date - d, 'partner-' || s, 'https://partner-' || s || '.example/page-' || p,
  e.event, e.field, e.code, 0, 1 + (d * 7 + s * 3 + p) % 40
from generate_series(1, ${days}) d, generate_series(1, ${sources}) s,
  generate_series(1, ${pagesPerSource}) p, ${pageEvents};
insert into public.demo_request_funnel_pages (day, source, page)
select distinct day, source, page from public.demo_request_funnel_counts;
insert into public.demo_request_funnel_campaign_counts (day, source, utm_source, utm_campaign,
  event, shard, n)
select current_date - d, 'partner-' || s, 'newsletter', 'spring-' || k, e.event, 0,
  1 + (d + s + k) % 9
from generate_series(1, ${days}) d, generate_series(1, ${sources}) s, generate_series(1, 5) k,
  (values ('shown'), ('started')) as e (event);
insert into public.demo_request_funnel_campaigns (day, source, utm_source, utm_campaign)
select distinct day, source, utm_source, utm_campaign
from public.demo_request_funnel_campaign_counts;
insert into public.demo_requests (first_name, last_name, company_name, company_size, email,
    source, page_url, utm_source, utm_campaign, language, created_at, booked_at, meeting_outcome)
select 'First' || i, 'Last' || i, 'Company ' || i, '6-50 employees', 'person' || i || '@example.com',
  'partner-' || (1 + i % ${sources}),
  'https://partner-' || (1 + i % ${sources}) || '.example/page-' || (1 + i % ${pagesPerSource}) || '?utm_campaign=x',
  case when i % 3 = 0 then 'newsletter' end, case when i % 3 = 0 then 'spring-' || (1 + i % 5) end,
  'en', now() - (i * interval '1577 seconds'), case when i % 4 = 0 then now() end,
  case when i % 4 = 0 then (array['met', 'met', 'no_show', 'host_absent'])[1 + i / 4 % 4] end
from generate_series(1, 20000) i;
select public.demo_request_funnel_compact(current_date - d)
from generate_series(-1, ${days} + 1, 2) d;
`

/** The seeding's statements, one by one: VACUUM after them must run outside a transaction. */
const seedStatements = seed.split(';\n').filter((text) => text.trim())

async function timed(call: () => Promise<unknown>) {
  const start = performance.now()
  await call()
  return performance.now() - start
}

/**
 * The console's funnel on PostgreSQL 15 over a year of counters: the 90-day report as a
 * marketer (console_funnel, through row-level security's role check and the day sums), beside a
 * bare `select sum(n)` over the same 90 days of counters, in turns in the same run.
 */
export async function measureFunnel(): Promise<{ rows: BenchRow[]; data: unknown }> {
  const bin = await findPostgresBin()
  if (bin === null)
    throw new Error('PostgreSQL 15 is not installed (apt-get install postgresql-15)')
  const cluster = await startPostgresCluster(bin)
  const destroy = cleanupOnInterrupt(() => cluster.destroy())
  const db = createPostgresDatabase(cluster.url, { max: 2, queryTimeoutMs: 600_000 })
  try {
    await runMigrations(db)
    await addConsoleStaff(db)
    const seedStart = performance.now()
    for (const statement of seedStatements) await db.exec(statement)
    // Outside any transaction, as VACUUM must be.
    await db.exec('vacuum analyze')
    const seedMs = performance.now() - seedStart
    const [{ n: counterRows = '0' } = {}] = await db.query<{ n: string }>(
      'select count(*)::text as n from public.demo_request_funnel_counts',
    )
    const range = [`${viewDays - 1}`]
    const from = `current_date - $1::int`
    const marketing = staffClaims('marketing')
    const variants = {
      console: () =>
        asStaff(db, marketing, (tx) =>
          timed(() =>
            tx.query(`select * from public.console_funnel(${from}, current_date)`, range),
          ),
        ),
      bare: () =>
        db.transaction((tx) =>
          timed(() =>
            tx.query(
              `select sum(n) from public.demo_request_funnel_counts where day between ${from} and current_date`,
              range,
            ),
          ),
        ),
    }
    const times: Record<keyof typeof variants, number[]> = { console: [], bare: [] }
    for (let round = 0; round < rounds; round++) {
      for (const [name, call] of Object.entries(variants)) {
        for (let i = 0; i < callsPerRound; i++) {
          times[name as keyof typeof variants].push(await call())
        }
      }
    }
    const at = (name: keyof typeof variants, q: number) => quantile(times[name], q) ?? Number.NaN
    const ratio = at('console', 0.95) / at('bare', 0.95)
    const calls = rounds * callsPerRound
    const rowsText = Number(counterRows).toLocaleString('en-US')
    return {
      rows: [
        {
          section: 'Funnel',
          measure: `The console's ${viewDays}-day funnel as a marketer (console_funnel), ${rowsText} counter rows (${sources} sources, ${sources * pagesPerSource} pages, ${days} days), PostgreSQL 15: p50/p95 of ${calls}`,
          value: `p50 ${median(times.console)?.toFixed(1)} ms, p95 ${at('console', 0.95).toFixed(1)} ms`,
          target: '≤ 200 ms and ≤ 3× the bare sum',
          baseline: `bare select sum(n) over the same ${viewDays} days: p50 ${median(times.bare)?.toFixed(1)} ms, p95 ${at('bare', 0.95).toFixed(1)} ms (${ratio.toFixed(2)}×)`,
          meets: at('console', 0.95) <= 200 && ratio <= 3,
        },
      ],
      data: { times, seedMs, counterRows: Number(counterRows) },
    }
  } finally {
    await db.close()
    await destroy()
  }
}
