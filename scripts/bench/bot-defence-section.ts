// Issue 19's figures: what floods get from the function, proofs solved or not, what sales hear
// of them, and what the proof of work costs a visitor. Each beside the same run without the
// defence (proofs off), as the baseline.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { Browser } from 'playwright-core'
import { windowEnd, windowStart } from '#shared/abuse/rate-limit.ts'
import { configDefaults } from '#shared/config/function-config.ts'
import { waitUntil } from '../../tests/support/wait-until.ts'
import type { BenchRow } from './bench-row.ts'
import {
  apiKey,
  clientIpHeader,
  type FunctionUnderFlood,
  startFunctionUnderFlood,
} from './function-under-flood.ts'
import type { AttackerLead } from './proof-attacker.ts'
import { measureVisitorCost, visits } from './visitor-cost.ts'

const run = promisify(execFile)
const section = 'Bot defence'
const attacker = fileURLToPath(new URL('./proof-attacker.ts', import.meta.url))

interface Settings {
  floodPosts: number
  visitorRuns: number
}

const count = (value: number) => value.toLocaleString('en-US')

/** `posts` POSTs without proofs, 32 at a time, while a visitor sends the form in Chromium. */
async function bareFlood(fn: FunctionUnderFlood, browser: Browser, posts: number) {
  // In one window of the default length: a flood across two would count the global limit twice.
  const { rateLimitWindowSeconds } = configDefaults
  if (currentWindowEnd(rateLimitWindowSeconds) - Date.now() < 60_000) {
    await nextWindow(rateLimitWindowSeconds)
  }
  const statuses = new Map<number, number>()
  let next = 0
  const started = performance.now()
  const flood = Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < posts) {
        const status = await fn.post(next++)
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
      }
    }),
  )
  const [, visitor] = await Promise.all([flood, fn.visit(browser, 'Visitor in a flood', 3000)])
  const seconds = (performance.now() - started) / 1000
  const [stored] = await fn.db.db.query<{ fake: number; visitor: number }>(
    `select count(*) filter (where company_name like 'Flood %')::int as fake,
       count(*) filter (where company_name = 'Visitor in a flood')::int as visitor
     from public.demo_requests`,
  )
  // Notifications go out after the reply; the visitor's has had the flood's length to arrive.
  return {
    seconds,
    statuses: Object.fromEntries(statuses),
    stored,
    received: fn.received(),
    visitor,
  }
}

/** When the window of `seconds` now running ends, in ms, as the function counts windows. */
const currentWindowEnd = (seconds: number) =>
  windowEnd(windowStart(new Date(), seconds), seconds).getTime()

/** Resolves at the start of the next window of `seconds`. */
function nextWindow(seconds: number) {
  const wait = currentWindowEnd(seconds) - Date.now()
  return new Promise((resolve) => setTimeout(resolve, wait + 200))
}

/**
 * An attacker solving proofs at full speed through one short window, past the global limit,
 * while two visitors send the form: one at the start, one once the window is over its limit.
 */
async function solvedFlood(fn: FunctionUnderFlood, browser: Browser) {
  // Long enough for the bits to climb through every step at full speed on a shared machine.
  const windowSeconds = 90
  const globalMax = 100
  const held = 10
  await fn.restart({
    RATE_LIMIT_WINDOW_SECONDS: String(windowSeconds),
    RATE_LIMIT_GLOBAL_MAX: String(globalMax),
  })
  await nextWindow(windowSeconds)
  const windowEnds = currentWindowEnd(windowSeconds)
  const attack = run(
    process.execPath,
    [
      '--import',
      'tsx',
      attacker,
      fn.url,
      String(globalMax + held),
      String(windowEnds - 5000),
      clientIpHeader,
      apiKey,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  )
  const early = await fn.visit(browser, 'Visitor early', 3000)
  // The second visitor comes once everyone's count has reached the limit.
  await waitUntil(
    async () => {
      const [row] = await fn.db.db.query<{ n: number }>(
        'select count(*)::int as n from public.demo_requests',
      )
      return (row?.n ?? 0) >= globalMax
    },
    { timeoutMs: Math.max(1000, windowEnds - Date.now() - 20_000), intervalMs: 250 },
  ).catch(() =>
    console.error('  the attacker had not reached the limit; the late visitor goes anyway'),
  )
  const late = await fn.visit(browser, 'Visitor late', 3000)
  const leads: AttackerLead[] = JSON.parse((await attack).stdout)
  // The digest goes out once the window is over, when the scheduled job next runs.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, windowEnds - Date.now() + 1000)))
  const retried = await fn.retry()
  const rows = await fn.db.db.query<{ company_name: string; notification_status: string }>(
    'select company_name, notification_status from public.demo_requests',
  )
  const status = (name: string) =>
    rows.find((row) => row.company_name === name)?.notification_status ?? 'not stored'
  return {
    leads,
    visitors: {
      early: { ...early, stored: status('Visitor early') },
      late: { ...late, stored: status('Visitor late') },
    },
    underLimit: rows.filter((row) => row.notification_status !== 'held').length,
    held: rows.filter((row) => row.notification_status === 'held').length,
    received: fn.received(),
    retried,
  }
}

/** Mean CPU-seconds per accepted lead at each number of bits, fewest bits first. */
function costByBits(leads: readonly AttackerLead[]) {
  const byBits = new Map<number, number[]>()
  for (const lead of leads.filter((lead) => lead.status === 200)) {
    byBits.set(lead.bits, [...(byBits.get(lead.bits) ?? []), lead.cpuSeconds])
  }
  return [...byBits.entries()]
    .sort(([a], [b]) => a - b)
    .map(([bits, costs]) => ({
      bits,
      leads: costs.length,
      cpuSeconds: costs.reduce((a, b) => a + b, 0) / costs.length,
    }))
}

export async function measureBotDefence(root: string, browser: Browser, settings: Settings) {
  const fn = await startFunctionUnderFlood(root)
  try {
    // The same flood with proofs off first: the outcome the function had before.
    await fn.restart({ POW_MAX_BITS: '0' })
    const unguarded = await bareFlood(fn, browser, settings.floodPosts)
    await fn.restart({})
    const guarded = await bareFlood(fn, browser, settings.floodPosts)
    const solved = await solvedFlood(fn, browser)
    const withProof = await measureVisitorCost(browser, { min: 12, max: 18 }, settings.visitorRuns)
    const withoutProof = await measureVisitorCost(browser, null, settings.visitorRuns)

    const messages = (received: typeof guarded.received) =>
      received.leadEmails + received.leadWebhooks + received.digestEmails + received.digestWebhooks
    const costs = costByBits(solved.leads)
    const cheapest = costs[0]
    const dearest = costs.at(-1)
    const visitorsStored = Object.values(solved.visitors).filter(
      (visitor) => visitor.status === 200 && visitor.stored !== 'not stored',
    ).length
    const r = solved.received
    const flood = `${count(settings.floodPosts)} POSTs without proofs, rotating IPv4 and IPv6`
    const rows: BenchRow[] = [
      {
        section,
        measure: `${flood}: fake rows, messages to sales`,
        value: `${guarded.stored?.fake} rows, ${messages(guarded.received)} messages (${JSON.stringify(guarded.statuses)} in ${guarded.seconds.toFixed(1)} s)`,
        target: '0 rows, 0 messages beyond the visitor’s',
        baseline: `proofs off: ${unguarded.stored?.fake} rows, ${messages(unguarded.received)} messages`,
        meets:
          guarded.stored?.fake === 0 &&
          guarded.received.leadEmails + guarded.received.leadWebhooks <= 2,
      },
      {
        section,
        measure: `${flood}: a visitor sends the form meanwhile (Chromium)`,
        value: `${guarded.visitor.status}, stored ${guarded.stored?.visitor}×, click → toast ${guarded.visitor.clickToToastMs} ms`,
        target: '200, stored once',
        baseline: `proofs off: ${unguarded.visitor.status}, stored ${unguarded.stored?.visitor}×`,
        meets: guarded.visitor.status === 200 && guarded.stored?.visitor === 1,
      },
      {
        section,
        measure: 'solving attacker (Node, one core): CPU-seconds per accepted lead, by bits',
        value: costs
          .map((cost) => `${cost.bits}: ${cost.cpuSeconds.toFixed(3)} (${cost.leads})`)
          .join(' · '),
        target: 'doubles with each bit',
        baseline: `12 bits: ${cheapest?.cpuSeconds.toFixed(3) ?? 'n/a'}`,
        meets:
          cheapest && dearest && dearest.bits > cheapest.bits
            ? dearest.cpuSeconds > cheapest.cpuSeconds * 2 ** ((dearest.bits - cheapest.bits) / 2)
            : null,
      },
      {
        section,
        measure:
          'solving attacker past the global limit (100 a 90 s window): visitors’ leads stored',
        value: `${visitorsStored} of 2 (${solved.visitors.early.stored}, ${solved.visitors.late.stored})`,
        target: 'every one',
        baseline: 'before: past the limit, 429',
        meets: visitorsStored === 2,
      },
      {
        section,
        measure: 'solving attacker past the global limit: messages to sales',
        value: `${r.leadEmails} emails + ${r.leadWebhooks} webhooks for ${solved.underLimit} leads under the limit; ${r.digestEmails} + ${r.digestWebhooks} digests for ${solved.held} held`,
        target: '≤ 1 per lead and channel under the limit, 1 digest per window and channel',
        baseline: `one per lead and channel, held ones too: ${2 * (solved.underLimit + solved.held)}`,
        meets:
          r.leadEmails <= solved.underLimit &&
          r.leadWebhooks <= solved.underLimit &&
          r.digestEmails === 1 &&
          r.digestWebhooks === 1,
      },
      ...visits.map((visit, index): BenchRow => {
        const proof = withProof.medianMs[index] ?? null
        const none = withoutProof.medianMs[index] ?? null
        const spread =
          Math.max(...(withoutProof.runsMs[index] ?? [0])) -
          Math.min(...(withoutProof.runsMs[index] ?? [0]))
        const added = proof === null || none === null ? null : proof - none
        const typed = visit.typingMs > 0
        return {
          section,
          measure: `click → toast ${typed ? 'after 3 s of typing' : 'right after load'}, ${visit.cpu}× CPU (median of ${settings.visitorRuns})`,
          value: `${proof ?? 'n/a'} ms with the proof${added === null ? '' : `, ${added >= 0 ? '+' : ''}${added} ms`}`,
          target: typed ? `no added wait (within the ${spread} ms spread without)` : 'stated',
          baseline: `${none ?? 'n/a'} ms without`,
          meets: typed && added !== null ? added <= Math.max(spread, 50) : null,
        }
      }),
    ]
    return { rows, data: { unguarded, guarded, solved, costs, withProof, withoutProof } }
  } finally {
    await fn.stop()
  }
}
