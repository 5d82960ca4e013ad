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

/** One timed load of one server, counted. */
type Figures = Omit<LoadResult, 'accepted'> & {
  /** The source its leads were stored with: the server's name, the load and the round. */
  tag: string
  accounting: Accounting
  cpu: CpuPerRequest | null
}

/** A timed load before its rows were counted. */
type Run = LoadResult & { tag: string; cpu: CpuPerRequest | null }

/** One load level of one server: every round's run, and the run of the median rate. */
interface Level {
  connections: number
  median: Figures
  runs: Figures[]
}

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

/** A server the loads are sent to; its name begins the source of every lead it stored. */
interface Served {
  name: string
  url: string
  pids: () => number[]
  stop: () => Promise<void>
}

/** Starts the server `script` (the real backend or the bare baseline), warmed up by a short load. */
async function serve(
  root: string,
  script: string,
  env: NodeJS.ProcessEnv,
  name: string,
): Promise<Served> {
  const { port, server } = await serveScript(root, script, env)
  const stop = cleanupOnInterrupt(() => server.stop())
  const url = `http://127.0.0.1:${port}${functionPath}`
  try {
    await loadRun(url, `${name}-warm-up`, 10, 1, headers)
  } catch (error) {
    await stop()
    throw error
  }
  return { name, url, pids: () => (server.child.pid ? [server.child.pid] : []), stop }
}

/** The processes besides the server whose CPU a run counts. */
interface Meters {
  /** The PostgreSQL cluster's processes; PGlite runs inside the server. */
  database?: () => readonly number[]
  standIns?: () => number[]
}

/** One timed load of `served` at `connections`, with the CPU each busy process spent on it. */
async function timedRun(
  served: Served,
  connections: number,
  round: number,
  seconds: number,
  meters: Meters,
): Promise<Run> {
  const serverCpu = startCpuMeter(served.pids)
  const databaseCpu = meters.database && startCpuMeter(meters.database)
  const standInCpu = meters.standIns && startCpuMeter(meters.standIns)
  const clientCpu = process.cpuUsage()
  const tag = `${served.name}-c${connections}-r${round}`
  const result = await loadRun(served.url, tag, connections, seconds, headers)
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
  return { ...result, tag, cpu }
}

/**
 * Loads each of `servers` in turn, run by run, `rounds` times at each load: the machine's speed
 * drifts (another tenant, a timer, the page cache) by more than the gap measured, and in turn
 * the drift falls on every server alike rather than on one server's runs.
 */
async function alternate(
  servers: readonly Served[],
  loads: readonly number[],
  rounds: number,
  seconds: number,
  meters: Meters,
): Promise<Map<string, Run[]>> {
  const runs = new Map(servers.map((served) => [served.name, [] as Run[]]))
  for (const connections of loads) {
    for (let round = 0; round < rounds; round++) {
      for (const served of servers) {
        runs.get(served.name)?.push(await timedRun(served, connections, round, seconds, meters))
      }
    }
  }
  return runs
}

/** Each load's runs counted against the rows stored, and the run of the median rate. */
async function levelsOf(runs: readonly Run[], db: SqlDatabase): Promise<Level[]> {
  const figures: Figures[] = []
  for (const run of runs) {
    const { accepted, ...rest } = run
    figures.push({ ...rest, accounting: account(await rowKeys(db, run.tag), accepted) })
  }
  const loads = [...new Set(figures.map((run) => run.connections))]
  return loads.map((connections) => {
    const level = figures.filter((run) => run.connections === connections)
    const byRate = [...level].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)
    return { connections, runs: level, median: byRate[(byRate.length - 1) >> 1] as Figures }
  })
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

/** The median run's figures, and every round's rate where there were several. */
const levelText = (level: Level) =>
  `${runText(level.median)}${level.runs.length > 1 ? ` (median of ${level.runs.length} runs: ${level.runs.map((run) => Math.round(run.requestsPerSecond)).join(', ')} req/s)` : ''}`

// More extra rows than connections would be rows stored behind a refusal.
const clean = (figures: Figures) => {
  const { lost, cutOff } = figures.accounting
  return lost === 0 && cutOff <= figures.connections && figures.non2xx + figures.errors === 0
}

const catchText = ({ seconds, received, leads }: Catch) => {
  const had = destinationNames.map((name) => `${name} ${received[name]}`).join(', ')
  return seconds === null
    ? `NOT EVERY LEAD DELIVERED ${catchUpLimitMs / 1000} s after the burst: ${leads} leads, ${had}`
    : `every one of ${leads} leads at every destination ${seconds.toFixed(1)} s after the burst`
}

/** How the deliveries caught up once a burst of sends ended. */
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

/** The destinations' stand-ins in a child process (destinations-process.ts says why). */
async function serveDestinations(root: string) {
  const { port, server } = await serveScript(
    root,
    'scripts/bench/destinations-process.ts',
    systemEnv(),
  )
  const stop = cleanupOnInterrupt(() => server.stop())
  const ask = async () =>
    (await (await fetch(`http://127.0.0.1:${port}/`)).json()) as {
      env: Record<string, string>
      counts: Record<DestinationName, number>
    }
  try {
    const { env } = await ask()
    const pids = () => (server.child.pid ? [server.child.pid] : [])
    /** Waits until every lead whose source begins with `prefix` has reached every destination. */
    const catchUp = async (db: SqlDatabase, prefix: string): Promise<Catch> => {
      const ended = performance.now()
      for (;;) {
        const [row] = await db.query<{ leads: number }>(
          'select count(*)::int as leads from public.demo_requests where starts_with(source, $1)',
          [prefix],
        )
        const leads = row?.leads ?? 0
        const { counts } = await ask()
        const seconds = (performance.now() - ended) / 1000
        const done = destinationNames.every((destination) => counts[destination] >= leads)
        if (done || seconds * 1000 > catchUpLimitMs) {
          return { seconds: done ? seconds : null, received: counts, leads }
        }
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
    }
    return { env, pids, catchUp, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/**
 * The backend with every destination set, beside the bare server at the same load: in each
 * round the bare server's run, the backend's, and then a wait until the deliveries have caught
 * up, so that no round's deliveries run in another's load.
 */
async function loadWithDestinations(
  root: string,
  env: NodeJS.ProcessEnv,
  bare: Served,
  db: SqlDatabase,
  rounds: number,
  seconds: number,
  database: () => readonly number[],
) {
  const destinations = await serveDestinations(root)
  try {
    const served = await serve(
      root,
      'server/start.ts',
      { ...env, ...destinations.env },
      'pg-destinations',
    )
    const runs: Run[] = []
    const bareRuns: Run[] = []
    const catches: Catch[] = []
    try {
      // The warm-up's leads are delivered before the first run, not in it.
      await destinations.catchUp(db, `${served.name}-`)
      const meters = { database, standIns: destinations.pids }
      for (let round = 0; round < rounds; round++) {
        bareRuns.push(await timedRun(bare, destinationsLevel, rounds + round, seconds, meters))
        runs.push(await timedRun(served, destinationsLevel, round, seconds, meters))
        catches.push(await destinations.catchUp(db, `${served.name}-`))
      }
    } finally {
      await served.stop()
    }
    const [level] = await levelsOf(runs, db)
    const [bareLevel] = await levelsOf(bareRuns, db)
    // The slowest round's catch-up, or one that did not catch up.
    const caught = catches.reduce((worst, next) =>
      next.seconds === null || (worst.seconds !== null && next.seconds > worst.seconds)
        ? next
        : worst,
    )
    return { level: level as Level, bare: bareLevel as Level, caught }
  } finally {
    await destinations.stop()
  }
}

/**
 * Row 4: requests per second and latency of valid submissions at 1, 10 and 50 connections, to
 * the local backend and to a bare INSERT server in turn, on PGlite and on a throwaway
 * PostgreSQL 15, each the median of `rounds` runs.
 */
export async function measureBackend(root: string, seconds: number, rounds: number) {
  const rows: BenchRow[] = []
  const data: Record<string, { backend: Level[]; bare: Level[]; caught?: Catch }> = {}
  const report = (database: string, backend: Level[], bare: Level[], caught?: Catch) => {
    data[database] = { backend, bare, ...(caught && { caught }) }
    backend.forEach((level, index) => {
      const base = bare[index]
      const ratio = base
        ? level.median.requestsPerSecond / base.median.requestsPerSecond
        : Number.NaN
      rows.push({
        section: 'Backend',
        measure: `${database}, ${level.connections} connection${level.connections > 1 ? 's' : ''}, ${seconds} s`,
        value: `${levelText(level)} · ${ratio.toFixed(2)}× the bare INSERT${caught ? ` · ${catchText(caught)}` : ''}`,
        target: `every 2xx stored once, no errors; ≥ ${minimumRatio}× the bare INSERT`,
        baseline: base ? `bare INSERT: ${levelText(base)}` : 'n/a',
        meets:
          level.runs.every(clean) &&
          ratio >= minimumRatio &&
          (caught === undefined || caught.seconds !== null),
      })
    })
  }

  const folder = await mkdtemp(join(tmpdir(), 'bench-backend-'))
  const removeFolder = cleanupOnInterrupt(() => rm(folder, { recursive: true, force: true }))
  try {
    const backend = 'server/start.ts'
    const bare = 'scripts/bench/bare-insert-server.ts'
    {
      // PGlite lets one process open its folder: each server has its own, counted once it stops.
      const dataDir = (name: string) => join(folder, name)
      const onPglite = (script: string, name: string) =>
        serve(root, script, backendEnv({ PGLITE_DATA_DIR: dataDir(name) }), name)
      const servers = [
        await onPglite(backend, 'pglite-backend'),
        await onPglite(bare, 'pglite-bare'),
      ]
      let runs: Map<string, Run[]>
      try {
        runs = await alternate(servers, levels, rounds, seconds, {})
      } finally {
        for (const served of servers) await served.stop()
      }
      const counted = async (name: string) => {
        const db = await openPgliteDatabase(dataDir(name))
        try {
          return await levelsOf(runs.get(name) ?? [], db)
        } finally {
          await db.close()
        }
      }
      report('PGlite', await counted('pglite-backend'), await counted('pglite-bare'))
    }

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
        const db = createPostgresDatabase(cluster.url)
        const database = () => clusterPids(cluster.dataDir)
        try {
          const real = await serve(root, backend, env, 'pg-backend')
          const plain = await serve(root, bare, env, 'pg-bare').catch(async (error) => {
            await real.stop()
            throw error
          })
          try {
            const runs = await alternate([real, plain], levels, rounds, seconds, { database })
            report(
              'PostgreSQL 15',
              await levelsOf(runs.get(real.name) ?? [], db),
              await levelsOf(runs.get(plain.name) ?? [], db),
            )
            await real.stop()
            const everywhere = await loadWithDestinations(
              root,
              env,
              plain,
              db,
              rounds,
              seconds,
              database,
            )
            report(
              'PostgreSQL 15, every destination set (stand-ins in a child process)',
              [everywhere.level],
              [everywhere.bare],
              everywhere.caught,
            )
          } finally {
            await real.stop()
            await plain.stop()
          }
        } finally {
          await db.close()
        }
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
