import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPostgresDatabase } from '#shared/db/postgres-database.ts'
import type { SqlDatabase } from '#shared/db/sql-database.ts'
import { openPgliteDatabase } from '../../server/database.ts'
import { findPostgresBin, startPostgresCluster } from '../../tests/support/postgres-cluster.ts'
import { systemEnv } from '../system-env.ts'
import type { BenchRow } from './bench-row.ts'
import { clusterPids, startCpuMeter } from './cpu-time.ts'
import { measureDatabaseCost } from './database-cost.ts'
import { type DestinationName, destinationNames } from './destinations.ts'
import { cleanupOnInterrupt } from './interrupt-cleanup.ts'
import { type LoadResult, loadRun, visitorHeader } from './load-run.ts'
import { serveScript } from './serve-script.ts'

const levels = [1, 10, 50]
// Issue 50's target: the local server at least this share of the bare server's rate, now with
// every destination set too (issue 11 asked 0.8×; docs/performance.md tells why it is lower).
const minimumRatio = 0.55
// The one load the run with every destination set is measured at, as issue 50 asks.
const destinationsLevel = 10
const functionPath = '/functions/v1/send-demo-request'
const headers = { apikey: 'bench-anon-key', origin: 'https://partner.example' }

/** How one run's stored rows compare with the answers counted. */
interface Accounting {
  rows: number
  accepted: number
  /** Accepted keys without a row: must be none. */
  lost: number
  /** Rows of requests still in flight when the run stopped counting (one per connection at most). */
  cutOff: number
}

/** CPU time per request sent, in microseconds, of each process a run kept busy. */
interface CpuPerRequest {
  server: number
  /** The PostgreSQL cluster's processes; PGlite runs inside the server. */
  database: number | null
  /** This process, which runs autocannon. */
  client: number
  /** The destinations' stand-ins, a process of their own; null where none ran. */
  standIns: number | null
}

type Figures = Omit<LoadResult, 'accepted'> & { accounting: Accounting; cpu: CpuPerRequest | null }

// Where /proc is, CPU time is read from it; elsewhere the rows leave it out.
const canMeterCpu = existsSync('/proc/self/stat')

// The load test's own settings: no limit a load could reach, no notification work, and no proof
// of work (its cost is the client's; the bot-defence section measures it).
const backendEnv = (extra: Record<string, string>) => ({
  ...systemEnv(),
  SKIP_BUILD: '1',
  NOTIFY_RETRY_SECONDS: '0',
  RATE_LIMIT_MAX: '1000000000',
  RATE_LIMIT_GLOBAL_MAX: '1000000000',
  POW_MAX_BITS: '0',
  SUPABASE_ANON_KEY: headers.apikey,
  CLIENT_IP_HEADER: visitorHeader,
  ALLOWED_ORIGINS: headers.origin,
  ...extra,
})

async function rowKeys(db: SqlDatabase, tag: string): Promise<string[]> {
  const rows = await db.query<{ key: string }>(
    'select idempotency_key as key from public.demo_requests where source = $1',
    [tag],
  )
  return rows.map((row) => row.key)
}

function account(keys: string[], accepted: Set<string>): Accounting {
  const stored = new Set(keys)
  const lost = [...accepted].filter((key) => !stored.has(key)).length
  return {
    rows: keys.length,
    accepted: accepted.size,
    lost,
    cutOff: keys.length - (accepted.size - lost),
  }
}

/**
 * Runs every load level against one server (the real backend or the bare baseline) on one
 * database, then counts the rows each run stored.
 */
async function loadServer(
  root: string,
  script: string,
  env: NodeJS.ProcessEnv,
  name: string,
  seconds: number,
  openRows: () => Promise<SqlDatabase>,
  databasePids?: () => readonly number[],
  {
    loads = levels,
    standInPids,
    afterLoads,
  }: {
    loads?: readonly number[]
    standInPids?: () => number[]
    /** Run once the loads end, while the server still runs. */
    afterLoads?: () => Promise<void>
  } = {},
): Promise<Figures[]> {
  const { port, server } = await serveScript(root, script, env)
  const stop = cleanupOnInterrupt(() => server.stop())
  const results: (LoadResult & { cpu: CpuPerRequest | null })[] = []
  try {
    const url = `http://127.0.0.1:${port}${functionPath}`
    await loadRun(url, `${name}-warm-up`, 10, 1, headers)
    for (const connections of loads) {
      const serverCpu = startCpuMeter(() => (server.child.pid ? [server.child.pid] : []))
      const databaseCpu = databasePids && startCpuMeter(databasePids)
      const standInCpu = standInPids && startCpuMeter(standInPids)
      const clientCpu = process.cpuUsage()
      const result = await loadRun(url, `${name}-c${connections}`, connections, seconds, headers)
      const client = process.cpuUsage(clientCpu)
      const perRequest = (cpuSeconds: number) => (cpuSeconds * 1e6) / Math.max(result.sent, 1)
      const cpu = canMeterCpu
        ? {
            server: perRequest(serverCpu()),
            database: databaseCpu ? perRequest(databaseCpu()) : null,
            client: perRequest((client.user + client.system) / 1e6),
            standIns: standInCpu ? perRequest(standInCpu()) : null,
          }
        : null
      results.push({ ...result, cpu })
    }
    await afterLoads?.()
  } finally {
    await stop()
  }
  // Counted once the server is gone: PGlite lets one process open its folder.
  const db = await openRows()
  try {
    const figures: Figures[] = []
    for (const result of results) {
      const { accepted, ...rest } = result
      const keys = await rowKeys(db, `${name}-c${result.connections}`)
      figures.push({ ...rest, accounting: account(keys, accepted) })
    }
    return figures
  } finally {
    await db.close()
  }
}

const runText = (figures: Figures) => {
  const { rows, accepted, lost, cutOff } = figures.accounting
  const stored =
    lost > 0
      ? `${lost} ACCEPTED LEADS WITHOUT A ROW`
      : cutOff === 0
        ? `rows ${rows} = 2xx ${accepted}`
        : `rows ${rows} = 2xx ${accepted} + ${cutOff} in flight at the stop`
  const refused = figures.non2xx + figures.errors
  const { cpu } = figures
  const cpuText = cpu
    ? ` · CPU a request: server ${Math.round(cpu.server)} µs${cpu.database === null ? '' : `, PostgreSQL ${Math.round(cpu.database)} µs`}, load client ${Math.round(cpu.client)} µs${cpu.standIns === null ? '' : `, destinations' stand-ins ${Math.round(cpu.standIns)} µs`}`
    : ''
  return `${Math.round(figures.requestsPerSecond)} req/s · p50 ${figures.p50Ms} ms · p99 ${figures.p99Ms} ms · ${stored}${refused ? ` · ${refused} non-2xx or errors` : ''}${cpuText}`
}

const catchText = ({ seconds, received, leads }: Catch) => {
  const had = destinationNames.map((name) => `${name} ${received[name]}`).join(', ')
  return seconds === null
    ? `NOT EVERY LEAD DELIVERED ${catchUpLimitMs / 1000} s after the burst: ${leads} leads, ${had}`
    : `every one of ${leads} leads at every destination ${seconds.toFixed(1)} s after the burst`
}

/** How the deliveries caught up once the burst of sends ended. */
interface Catch {
  /** Seconds from the load's end until every stored lead was at every destination; null if not. */
  seconds: number | null
  /** What each destination had by then, or when the wait ran out. */
  received: Record<DestinationName, number>
  leads: number
}

// Deliveries give way to a burst of sends (send-traffic.ts), so they are counted once they have
// caught up rather than at the load's end; two minutes is far beyond what a 5 s burst leaves.
const catchUpLimitMs = 120_000

/**
 * Runs `load` with the backend's settings pointing at every destination's stand-in, in a child
 * process (destinations-process.ts says why), then waits, with the server still running, until
 * every lead stored has reached every destination.
 */
async function loadWithDestinations(
  root: string,
  /** The loads' name, which their leads' source begins with. */
  name: string,
  openRows: () => Promise<SqlDatabase>,
  load: (destinations: {
    env: Record<string, string>
    pids: () => number[]
    catchUp: () => Promise<void>
  }) => Promise<Figures[]>,
): Promise<{ figures: Figures[]; caught: Catch }> {
  const { port, server } = await serveScript(
    root,
    'scripts/bench/destinations-process.ts',
    systemEnv(),
  )
  const stop = cleanupOnInterrupt(() => server.stop())
  try {
    const ask = async () =>
      (await (await fetch(`http://127.0.0.1:${port}/`)).json()) as {
        env: Record<string, string>
        counts: Record<DestinationName, number>
      }
    const { env } = await ask()
    const pids = () => (server.child.pid ? [server.child.pid] : [])
    let caught: Catch | undefined
    const catchUp = async () => {
      const ended = performance.now()
      const db = await openRows()
      try {
        for (;;) {
          const [row] = await db.query<{ leads: number }>(
            'select count(*)::int as leads from public.demo_requests where starts_with(source, $1)',
            [`${name}-`],
          )
          const leads = row?.leads ?? 0
          const { counts } = await ask()
          const seconds = (performance.now() - ended) / 1000
          const done = destinationNames.every((destination) => counts[destination] >= leads)
          if (done || seconds * 1000 > catchUpLimitMs) {
            caught = { seconds: done ? seconds : null, received: counts, leads }
            return
          }
          await new Promise((resolve) => setTimeout(resolve, 250))
        }
      } finally {
        await db.close()
      }
    }
    const figures = await load({ env, pids, catchUp })
    if (caught === undefined) throw new Error('The deliveries were not counted')
    return { figures, caught }
  } finally {
    await stop()
  }
}

/**
 * Row 4: requests per second and latency of valid submissions at 1, 10 and 50 connections, to
 * the local backend and to a bare INSERT server, on PGlite and on a throwaway PostgreSQL 15.
 */
export async function measureBackend(root: string, seconds: number) {
  const rows: BenchRow[] = []
  const data: Record<string, { backend: Figures[]; bare: Figures[]; caught?: Catch }> = {}
  const report = (database: string, backend: Figures[], bare: Figures[], caught?: Catch) => {
    data[database] = { backend, bare, ...(caught && { caught }) }
    backend.forEach((figures, index) => {
      const base = bare[index]
      const { lost, cutOff } = figures.accounting
      // More extra rows than connections would be rows stored behind a refusal.
      const clean =
        lost === 0 && cutOff <= figures.connections && figures.non2xx + figures.errors === 0
      const ratio = base ? figures.requestsPerSecond / base.requestsPerSecond : Number.NaN
      rows.push({
        section: 'Backend',
        measure: `${database}, ${figures.connections} connection${figures.connections > 1 ? 's' : ''}, ${seconds} s`,
        value: `${runText(figures)} · ${ratio.toFixed(2)}× the bare INSERT${caught ? ` · ${catchText(caught)}` : ''}`,
        target: `every 2xx stored once, no errors; ≥ ${minimumRatio}× the bare INSERT`,
        baseline: base ? `bare INSERT: ${runText(base)}` : 'n/a',
        meets: clean && ratio >= minimumRatio && (caught === undefined || caught.seconds !== null),
      })
    })
  }

  const folder = await mkdtemp(join(tmpdir(), 'bench-backend-'))
  const removeFolder = cleanupOnInterrupt(() => rm(folder, { recursive: true, force: true }))
  try {
    const backend = 'server/start.ts'
    const bare = 'scripts/bench/bare-insert-server.ts'
    const onPglite = (script: string, name: string) => {
      const dataDir = join(folder, name)
      const env = backendEnv({ PGLITE_DATA_DIR: dataDir })
      return loadServer(root, script, env, name, seconds, () => openPgliteDatabase(dataDir))
    }
    const pgliteBackend = await onPglite(backend, 'pglite-backend')
    report('PGlite', pgliteBackend, await onPglite(bare, 'pglite-bare'))

    const bin = await findPostgresBin()
    if (bin === null) {
      rows.push({
        section: 'Backend',
        measure: 'PostgreSQL 15',
        value: 'not run: no PostgreSQL binaries',
        target: '—',
        baseline: '—',
        meets: null,
      })
    } else {
      const cluster = await startPostgresCluster(bin)
      const destroy = cleanupOnInterrupt(() => cluster.destroy())
      try {
        const env = backendEnv({ DATABASE_URL: cluster.url })
        const open = async () => createPostgresDatabase(cluster.url)
        const pids = () => clusterPids(cluster.dataDir)
        const real = await loadServer(root, backend, env, 'pg-backend', seconds, open, pids)
        const plain = await loadServer(root, bare, env, 'pg-bare', seconds, open, pids)
        report('PostgreSQL 15', real, plain)
        // Beside the bare INSERT's run at the same connections, on the same cluster.
        const everywhere = await loadWithDestinations(root, 'pg-destinations', open, (extra) =>
          loadServer(
            root,
            backend,
            { ...env, ...extra.env },
            'pg-destinations',
            seconds,
            open,
            pids,
            {
              loads: [destinationsLevel],
              standInPids: extra.pids,
              afterLoads: extra.catchUp,
            },
          ),
        )
        report(
          'PostgreSQL 15, every destination set (stand-ins in a child process)',
          everywhere.figures,
          plain.filter((figures) => figures.connections === destinationsLevel),
          everywhere.caught,
        )
        if (canMeterCpu) rows.push(await measureDatabaseCost(cluster))
      } finally {
        await destroy()
      }
    }
    return { rows, data }
  } finally {
    await removeFolder()
  }
}
