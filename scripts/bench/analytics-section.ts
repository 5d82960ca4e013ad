// The funnel's events endpoint under load on PostgreSQL 15, served by the function's real Deno
// entry, which trusts CLIENT_IP_HEADER as Supabase's edge does (the local server counts every
// request under its socket's address): page views from many clients, all on the same partner page, so every batch adds to the same counters (the hot rows the sharded
// counters of docs/analytics.md are for). Each level's counters are summed afterwards: every
// batch answered 204 must be there, event for event. Beside it, the bare INSERT server of the
// Backend section at the same connections, on the same cluster.
import autocannon from 'autocannon'
import { createPostgresDatabase } from '#shared/db/postgres-database.ts'
import { runMigrations } from '../../server/migrate.ts'
import { startDenoEntry } from '../../tests/support/deno-function.ts'
import { findPostgresBin, startPostgresCluster } from '../../tests/support/postgres-cluster.ts'
import { systemEnv } from '../system-env.ts'
import type { BenchRow } from './bench-row.ts'
import { rotatingAddress } from './client-addresses.ts'
import { cleanupOnInterrupt } from './interrupt-cleanup.ts'
import { type LoadResult, loadRun, visitorHeader } from './load-run.ts'
import { serveScript } from './serve-script.ts'

const levels = [10, 50]
const origin = 'https://partner.example'
const page = `${origin}/injury-defense`
// One page view's batch as a beacon sends it: four events, one of them a field left empty.
const events = [
  { event: 'shown' },
  { event: 'started' },
  { event: 'field-empty', field: 'firstName' },
  { event: 'send-tried' },
]

interface EventsRun {
  connections: number
  seconds: number
  batchesPerSecond: number
  p50Ms: number
  p99Ms: number
  accepted: number
  refused: number
  errors: number
  /** Events the counters hold for the run's source; must be accepted × 4, plus any cut off. */
  counted: number
}

async function eventsRun(url: string, source: string, connections: number, seconds: number) {
  let next = 0
  let accepted = 0
  const body = JSON.stringify({ source, page, events })
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({
          ...request,
          headers: {
            'content-type': 'text/plain;charset=UTF-8',
            origin,
            // Each batch from a client of its own, as a popular page's visitors are.
            [visitorHeader]: rotatingAddress(next++),
          },
          body,
        }),
        onResponse(status) {
          if (status === 204) accepted += 1
        },
      },
    ],
  })
  return {
    connections,
    seconds: result.duration,
    batchesPerSecond: accepted / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    accepted,
    refused: result.non2xx,
    errors: result.errors,
  }
}

/** Rows: the events endpoint at 10 and 50 connections beside the bare INSERT, PostgreSQL 15. */
export async function measureAnalytics(root: string, seconds: number) {
  const bin = await findPostgresBin()
  if (bin === null) {
    const row = {
      section: 'Analytics',
      measure: 'PostgreSQL 15',
      value: 'not run: no PostgreSQL binaries',
    }
    return { rows: [{ ...row, target: '—', baseline: '—', meets: null }], data: null }
  }
  const cluster = await startPostgresCluster(bin)
  const destroy = cleanupOnInterrupt(() => cluster.destroy())
  try {
    const env = {
      ...systemEnv(),
      DATABASE_URL: cluster.url,
    }
    const serve = async (script: string) => {
      const { port, server } = await serveScript(root, script, env)
      return { url: `http://127.0.0.1:${port}/functions/v1/send-demo-request`, server }
    }

    // The entry migrates nothing, as on Supabase, where `db push` does.
    const migrating = createPostgresDatabase(cluster.url)
    await runMigrations(migrating).finally(() => migrating.close())
    const runs: EventsRun[] = []
    const entry = await startDenoEntry(
      { SUPABASE_DB_URL: cluster.url, ALLOWED_ORIGINS: origin, CLIENT_IP_HEADER: visitorHeader },
      { method: 'OPTIONS', headers: { origin } },
    )
    const stopEntry = cleanupOnInterrupt(() => entry.stop())
    try {
      const eventsUrl = new URL('functions/v1/send-demo-request/events', entry.url).href
      await eventsRun(eventsUrl, 'bench-warm-up', 10, 1)
      for (const connections of levels) {
        const run = await eventsRun(eventsUrl, `bench-c${connections}`, connections, seconds)
        runs.push({ ...run, counted: 0 })
      }
    } finally {
      await stopEntry()
    }
    const db = createPostgresDatabase(cluster.url)
    try {
      for (const run of runs) {
        const [row] = await db.query<{ n: string }>(
          'select coalesce(sum(n), 0)::text as n from public.demo_request_funnel_counts where source = $1',
          [`bench-c${run.connections}`],
        )
        run.counted = Number(row?.n ?? 0)
      }
    } finally {
      await db.close()
    }

    const bare = await serve('scripts/bench/bare-insert-server.ts')
    const stopBare = cleanupOnInterrupt(() => bare.server.stop())
    const baselines: LoadResult[] = []
    try {
      const headers = { apikey: 'bench-anon-key', origin }
      await loadRun(bare.url, 'bench-bare-warm-up', 10, 1, headers)
      for (const connections of levels) {
        baselines.push(
          await loadRun(bare.url, `bench-bare-c${connections}`, connections, seconds, headers),
        )
      }
    } finally {
      await stopBare()
    }

    const rows: BenchRow[] = runs.map((run, index) => {
      const base = baselines[index]
      const expected = run.accepted * events.length
      // A batch still in flight when the run stopped may be counted without its 204 being seen.
      const cutOff = (run.counted - expected) / events.length
      const everyEvent = run.counted >= expected && cutOff <= run.connections
      const ratio = base ? run.batchesPerSecond / base.requestsPerSecond : Number.NaN
      const counted = everyEvent
        ? `${run.counted.toLocaleString('en-US')} events counted = 204s × ${events.length}${cutOff > 0 ? ` + ${cutOff} batch(es) in flight at the stop` : ''}`
        : `${run.counted.toLocaleString('en-US')} EVENTS COUNTED, ${expected.toLocaleString('en-US')} ANSWERED 204 × ${events.length}`
      return {
        section: 'Analytics',
        measure: `events endpoint (Deno entry), PostgreSQL 15, one partner page, a new client each batch, ${run.connections} connections, ${seconds} s`,
        value: `${Math.round(run.batchesPerSecond)} batches/s (${Math.round(run.batchesPerSecond * events.length)} events/s) · p50 ${run.p50Ms} ms · p99 ${run.p99Ms} ms · ${counted}${run.refused + run.errors ? ` · ${run.refused + run.errors} non-2xx or errors` : ''} · ${ratio.toFixed(2)}× the bare INSERT`,
        target: 'every 204 counted, event for event; no errors',
        baseline: base
          ? `bare INSERT (one lead row a request): ${Math.round(base.requestsPerSecond)} req/s · p50 ${base.p50Ms} ms · p99 ${base.p99Ms} ms`
          : 'n/a',
        meets: everyEvent && run.refused + run.errors === 0,
      }
    })
    return { rows, data: { runs, baselines: baselines.map(({ accepted, ...rest }) => rest) } }
  } finally {
    await destroy()
  }
}
