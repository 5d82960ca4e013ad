import { performance } from 'node:perf_hooks'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { asStaff } from '#shared/console/as-staff.ts'
import { leadPageSql, listLeads } from '#shared/console/leads/lead-queries.ts'
import { createPostgresDatabase } from '#shared/db/postgres-database.ts'
import { runMigrations } from '../../server/migrate.ts'
import {
  addConsoleStaff,
  consoleHandlerOn,
  consoleRequest,
  staffClaims,
  staffToken,
} from '../../tests/support/console-staff.ts'
import { findPostgresBin, startPostgresCluster } from '../../tests/support/postgres-cluster.ts'
import type { BenchRow } from './bench-row.ts'
import { measureFirstPage } from './console-first-page.ts'
import { cleanupOnInterrupt } from './interrupt-cleanup.ts'
import { median, quantile } from './stats.ts'

const leads = 100_000
// Rounds of each query in turn, so a busy moment of the machine falls on both.
const rounds = 20
const callsPerRound = 25

const summaryColumns =
  'r.id, r.created_at, r.first_name, r.last_name, r.email, r.company_name, r.source, r.language, r.booking_state, r.booking_start'
const bareList = `select ${summaryColumns} from public.demo_requests r order by r.created_at desc limit 50`

// The live heap, not garbage V8 has yet to collect: a collection before each reading.
setFlagsFromString('--expose-gc')
const collect = runInNewContext('gc') as () => void

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`

// Every lead a distinct person over the last 100 days, some with a status, as a firm's year.
const addLeads = `
insert into public.demo_requests (first_name, last_name, company_name, company_size, email,
    source, language, created_at)
select 'First' || i, 'Last' || i, 'Company ' || (i % 5000), '6-50 employees',
  'person' || i || '@example.com', (array['widget', 'partner-acme', 'partner-b'])[1 + i % 3],
  case when i % 4 = 0 then 'es' else 'en' end,
  now() - (i * interval '86 seconds')
from generate_series(1, ${leads}) i;
insert into public.console_lead_status (lead_id, status, changed_at)
select id, 'contacted', now() from public.demo_requests where first_name like '%7';
analyze;
`

async function timed(call: () => Promise<unknown>) {
  const start = performance.now()
  await call()
  return performance.now() - start
}

/**
 * The console on PostgreSQL 15 with 100,000 leads: its list query as a sales person, through
 * the handler's SQL and row-level security, beside a bare `select … order by created_at desc
 * limit 50`; the process's memory while the handler streams the export of all of them; and the
 * leads view's first page in Chromium (console-first-page.ts).
 */
export async function measureConsole(): Promise<{ rows: BenchRow[]; data: unknown }> {
  const bin = await findPostgresBin()
  if (bin === null)
    throw new Error('PostgreSQL 15 is not installed (apt-get install postgresql-15)')
  const cluster = await startPostgresCluster(bin)
  const destroy = cleanupOnInterrupt(() => cluster.destroy())
  const db = createPostgresDatabase(cluster.url, { max: 2, queryTimeoutMs: 300_000 })
  try {
    await runMigrations(db)
    await addConsoleStaff(db)
    await db.exec(addLeads)
    const sales = staffClaims('sales')
    const page = leadPageSql({}, 'UTC', null, 51, summaryColumns)
    // The queries alone, each timed inside its transaction; and GET /leads' whole transactions.
    const variants = {
      console: () => asStaff(db, sales, (tx) => timed(() => tx.query(page.text, page.params))),
      bare: () => db.transaction((tx) => timed(() => tx.query(bareList))),
      transaction: () => timed(() => asStaff(db, sales, (tx) => tx.query(page.text, page.params))),
      wholePage: () => timed(() => asStaff(db, sales, (tx) => listLeads(tx, {}, 'UTC', null, 50))),
    }
    const times: Record<keyof typeof variants, number[]> = {
      console: [],
      bare: [],
      transaction: [],
      wholePage: [],
    }
    for (let round = 0; round < rounds; round++) {
      for (const [name, call] of Object.entries(variants)) {
        for (let i = 0; i < callsPerRound; i++) {
          times[name as keyof typeof variants].push(await call())
        }
      }
    }
    const p95 = (name: keyof typeof variants) => quantile(times[name], 0.95) ?? Number.NaN
    const ratio = p95('console') / p95('bare')

    // The export, in this process, its memory read every 250 ms.
    const handler = consoleHandlerOn(db)
    const token = await staffToken('owner')
    collect()
    const before = process.memoryUsage()
    let peakRss = before.rss
    let peakHeap = before.heapUsed
    const sampler = setInterval(() => {
      collect()
      const now = process.memoryUsage()
      peakRss = Math.max(peakRss, now.rss)
      peakHeap = Math.max(peakHeap, now.heapUsed)
    }, 250)
    const exportStart = performance.now()
    const reply = await handler(consoleRequest('leads.csv', token))
    let bytes = 0
    let lines = 0
    const reader = (reply.body as ReadableStream<Uint8Array>).getReader()
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      bytes += value.byteLength
      for (const byte of value) if (byte === 10) lines++
    }
    const exportMs = performance.now() - exportStart
    clearInterval(sampler)
    collect()
    const after = process.memoryUsage()
    if (lines !== leads + 1) throw new Error(`The export held ${lines - 1} leads, not ${leads}`)

    const firstPage = await measureFirstPage(cluster.url, leads)

    const calls = rounds * callsPerRound
    return {
      rows: [
        {
          section: 'Console',
          measure: `List query as sales (RLS), first page of 50 of ${leads.toLocaleString('en-US')} leads, PostgreSQL 15: p95 of ${calls}`,
          value: `${p95('console').toFixed(2)} ms (median ${median(times.console)?.toFixed(2)} ms); its transaction as sales, with the role, claims and staff check: p95 ${p95('transaction').toFixed(2)} ms; with the filter's total (GET /leads): p95 ${p95('wholePage').toFixed(1)} ms`,
          target: '≤ 2× the bare select',
          baseline: `bare select … order by created_at desc limit 50: p95 ${p95('bare').toFixed(2)} ms, median ${median(times.bare)?.toFixed(2)} ms (${ratio.toFixed(2)}×)`,
          meets: ratio <= 2,
        },
        {
          section: 'Console',
          measure: `CSV export of ${leads.toLocaleString('en-US')} leads (${mb(bytes)}) through the handler, in ${(exportMs / 1000).toFixed(1)} s: the process's memory`,
          value: `RSS ${mb(before.rss)} before, peak ${mb(peakRss)}, ${mb(after.rss)} after; live heap ${mb(before.heapUsed)}, peak ${mb(peakHeap)}, ${mb(after.heapUsed)} after`,
          target: 'flat: peak well under the file',
          baseline: `the file: ${mb(bytes)}`,
          meets: peakHeap - before.heapUsed < bytes / 4,
        },
        firstPage.row,
      ],
      data: {
        times,
        bytes,
        exportMs,
        before,
        after,
        peakRss,
        peakHeap,
        firstPageMs: firstPage.data,
      },
    }
  } finally {
    await db.close()
    await destroy()
  }
}
