// `npm run bench`: sizes, widget start-up, Lighthouse, backend load, the funnel's events endpoint
// under load, bot defence, the wait for a
// routed visitor's booking page, speed to lead (a send's reply → each destination), delivery to
// every destination while they fail, and `npm start`'s cold start, each beside its target and a baseline measured in the same run. Prints one markdown
// table and writes it into docs/performance.md and dist/bench/bench.md, with the figures in
// dist/bench/bench.json.
import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { availableParallelism, cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import type { Browser } from 'playwright-core'
import { startLocalServer } from '../../tests/support/start-local-server.ts'
import type { ServerProcess } from '../../tests/support/start-server-process.ts'
import { launchChromium } from '../launch-chromium.ts'
import { measureAnalytics } from './analytics-section.ts'
import { measureBackend } from './backend-section.ts'
import type { BenchRow, BenchSection } from './bench-row.ts'
import { measureBotDefence } from './bot-defence-section.ts'
import { measureColdStart } from './cold-start-section.ts'
import { measureConsole } from './console-section.ts'
import { measureCountingCost } from './counting-cost.ts'
import { measureDeliveryUnderFailure } from './delivery-under-failure-section.ts'
import { measureFunnel } from './funnel-section.ts'
import { cleanUpOnSignals, cleanupOnInterrupt, wasInterrupted } from './interrupt-cleanup.ts'
import { measureLighthouse } from './lighthouse-section.ts'
import { markdownTable } from './markdown-table.ts'
import { writePerformanceDoc } from './performance-doc.ts'
import { measureRouting } from './routing-section.ts'
import { measureSizes } from './sizes-section.ts'
import { measureSpeedToLead } from './speed-to-lead-section.ts'
import { measureStartup } from './startup-section.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
// Each setting as docs/configuration.md documents it.
const count = (value: string | undefined, fallback: number) => Number(value || fallback)
const settings = {
  startupRuns: count(process.env.BENCH_STARTUP_RUNS, 10),
  lighthouseMobileRuns: count(process.env.BENCH_MOBILE_RUNS, 5),
  lighthouseDesktopRuns: count(process.env.BENCH_DESKTOP_RUNS, 1),
  loadSeconds: count(process.env.BENCH_LOAD_SECONDS, 5),
  loadRounds: count(process.env.BENCH_LOAD_ROUNDS, 3),
  floodPosts: count(process.env.BENCH_FLOOD_POSTS, 10_000),
  visitorRuns: count(process.env.BENCH_VISITOR_RUNS, 3),
  routingRuns: count(process.env.BENCH_ROUTING_RUNS, 10),
  speedLeads: count(process.env.BENCH_SPEED_LEADS, 300),
}
// `npm run bench -- "bot defence"` runs the sections named (any case) on the build in dist/,
// and leaves docs/performance.md alone: its table is the whole bench's.
const only = process.argv.slice(2).map((name) => name.toLowerCase())
const runs = (name: string) => only.length === 0 || only.includes(name.toLowerCase())

// What is measured is the tree as the run starts.
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root })
  .toString()
  .trim()
const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: root }).toString().trim() !== ''
const began = performance.now()
const sections: BenchSection[] = []
const cleanups: (() => Promise<unknown>)[] = []
cleanUpOnSignals()

/** Runs one section; a section that fails becomes a row saying why, and the rest go on. */
async function section(name: string, measure: () => Promise<{ rows: BenchRow[]; data: unknown }>) {
  if (wasInterrupted()) throw new Error('Interrupted')
  if (!runs(name)) return
  const start = performance.now()
  console.log(`\n▶ ${name}`)
  let result: { rows: BenchRow[]; data: unknown }
  try {
    result = await measure()
  } catch (error) {
    if (wasInterrupted()) throw error
    console.error(error)
    const message = (error as Error).message.split('\n')[0] ?? String(error)
    result = {
      rows: [
        {
          section: name,
          measure: 'failed',
          value: message,
          target: '—',
          baseline: '—',
          meets: false,
        },
      ],
      data: { error: String(error) },
    }
  }
  const seconds = (performance.now() - start) / 1000
  console.log(`  ${name}: ${seconds.toFixed(1)} s`)
  sections.push({ name, seconds, ...result })
}

try {
  const scratch = await mkdtemp(join(tmpdir(), 'bench-'))
  cleanups.push(cleanupOnInterrupt(() => rm(scratch, { recursive: true, force: true })))

  // First, since it leaves a build of the current sources for everything after it.
  await section('Cold start', () => measureColdStart(root, join(scratch, 'cold-start-pglite')))
  // Before the site and browser start: it needs neither, so `npm run bench -- console` is quick.
  await section('Console', measureConsole)
  // Needs no site either: a PostgreSQL 15 of its own with a year of counters.
  await section('Funnel', measureFunnel)
  // Needs neither: servers and a PostgreSQL 15 of its own, so `npm run bench -- backend` is
  // the lead path alone.
  await section('Backend', () => measureBackend(root, settings.loadSeconds, settings.loadRounds))
  // `npm start` of its own and every destination's stand-in, failing; minutes, most of them
  // waiting on the job's backoff.
  await section('Delivery under failure', () => measureDeliveryUnderFailure())

  // The site and a browser, for the sections after, only when one of them runs.
  const siteSections = ['Size', 'Start-up', 'Lighthouse', 'Analytics', 'Bot defence']
  if (siteSections.concat('Routing', 'Speed to lead').some(runs)) {
    const site: ServerProcess = await startLocalServer(
      { PGLITE_DATA_DIR: join(scratch, 'site-pglite'), NOTIFY_RETRY_SECONDS: '0' },
      { timeoutMs: 120_000 },
    )
    cleanups.push(cleanupOnInterrupt(() => site.stop()))
    const browser: Browser = await launchChromium()
    cleanups.push(cleanupOnInterrupt(() => browser.close()))

    await section('Size', () => measureSizes(root, browser, site.url))
    await section('Start-up', () => measureStartup(root, browser, settings.startupRuns))
    await section('Lighthouse', () =>
      measureLighthouse(root, site.url, {
        mobile: settings.lighthouseMobileRuns,
        desktop: settings.lighthouseDesktopRuns,
      }),
    )
    await section('Analytics', async () => {
      const visits = await measureCountingCost(browser, settings.visitorRuns)
      const load = await measureAnalytics(root, settings.loadSeconds)
      return {
        rows: [...visits.rows, ...load.rows],
        data: { visits: visits.data, load: load.data },
      }
    })
    await section('Bot defence', () => measureBotDefence(root, browser, settings))
    await section('Routing', () => measureRouting(browser, settings.routingRuns))
    await section('Speed to lead', () => measureSpeedToLead(settings.speedLeads))
  }
} catch (error) {
  if (!wasInterrupted()) throw error
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error(error))
}
if (wasInterrupted()) process.exit(130)

// The table in the order of the issue; the sections ran in the order that needs least work.
const order = [
  'Size',
  'Start-up',
  'Lighthouse',
  'Backend',
  'Analytics',
  'Bot defence',
  'Routing',
  'Speed to lead',
  'Delivery under failure',
  'Console',
  'Funnel',
  'Cold start',
]
const rows = order.flatMap((name) => sections.find((section) => section.name === name)?.rows ?? [])
const seconds = (performance.now() - began) / 1000
const machine = `${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.versions.node}`
const heading = `Bench of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit}${dirty ? ' (with uncommitted changes)' : ''}, ${machine}; ${seconds.toFixed(0)} s in all (${sections.map((section) => `${section.name.toLowerCase()} ${section.seconds.toFixed(0)} s`).join(', ')})`
const table = markdownTable(rows)

const out = join(root, 'dist', 'bench')
await mkdir(out, { recursive: true })
await writeFile(join(out, 'bench.md'), `${heading}\n\n${table}`)
await writeFile(
  join(out, 'bench.json'),
  `${JSON.stringify({ date: new Date().toISOString(), commit, dirty, machine, seconds, settings, rows, sections }, (_, value) => (value instanceof Set ? [...value] : value), 2)}\n`,
)
if (only.length === 0)
  await writePerformanceDoc(join(root, 'docs', 'performance.md'), heading, table)
console.log(
  `\n${heading}\n\n${table}\nWritten to ${only.length === 0 ? 'docs/performance.md, ' : ''}dist/bench/bench.md and dist/bench/bench.json`,
)
