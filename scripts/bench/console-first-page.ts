// The console's first page in Debian's Chromium: `npm start`'s own server on the bench's cluster
// of 100,000 leads, a sales person signed in through the local Supabase Auth, and the time from
// navigation start to the first lead row, beside a page of the site that shows no data.
import type { Browser, BrowserContext } from 'playwright-core'
import { consoleFunctionName } from '../../src/core/console-api.ts'
import { startLocalServer } from '../../tests/support/start-local-server.ts'
import type { ServerProcess } from '../../tests/support/start-server-process.ts'
import { waitUntil } from '../../tests/support/wait-until.ts'
import { launchChromium } from '../launch-chromium.ts'
import type { BenchRow } from './bench-row.ts'
import { cleanupOnInterrupt } from './interrupt-cleanup.ts'
import { signInOwner } from './owner-sign-in.ts'
import { median, quantile } from './stats.ts'

// Each page loaded this often, the two in turn, so a busy moment of the machine falls on both.
const loads = 15
const targetMs = 1000
const salesEmail = 'bench-sales@firm.example'
// Only a lead row holds a link to its lead; the privacy notice's heading is in its prerendered HTML.
const firstLeadRow = '.console-table tbody tr a[href]'
const mainHeading = 'main h1'

type Ready = (selector: string) => void

// Run in the page before its own scripts: notes performance.now(), which counts from navigation
// start, when `selector` is first in the DOM and laid out. No named function inside: tsx would
// wrap it in a helper the page does not have.
const watchFor: Ready = (selector) => {
  new MutationObserver((_, observer) => {
    const node = document.querySelector(selector)
    if (!node || node.getClientRects().length === 0) return
    ;(window as { benchSeenMs?: number }).benchSeenMs = performance.now()
    observer.disconnect()
  }).observe(document, { childList: true, subtree: true })
}

/** Signs a sales person in as the owner invites one: the owner's printed link, then the invitation's. */
async function salesLink(server: ServerProcess): Promise<string> {
  const access_token = await signInOwner(server)
  const invited = await fetch(new URL(`/functions/v1/${consoleFunctionName}/staff`, server.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email: salesEmail, role: 'sales', sources: [] }),
  })
  if (!invited.ok) throw new Error(`The invitation was refused: ${await invited.text()}`)
  const printed = new RegExp(`Invitation for ${salesEmail} \\([^)]*\\): (\\S+)`)
  return waitUntil(() => printed.exec(server.output())?.[1], {
    what: `the invitation for ${salesEmail}`,
  })
}

/** Where a load's time went: milliseconds from navigation start, as the page's own timings say. */
interface LoadMarks {
  seen: number
  firstPaint: number | null
  /** When the last script the page fetched had arrived. */
  scriptsArrived: number | null
  /** Each console call the page made: its route, when it was asked and when its answer ended. */
  calls: { route: string; start: number; end: number }[]
}

// Run in the page once `selector` is seen: the paint and resource timings of the load. No named
// function inside, as for watchFor.
const readMarks = () => {
  const paint = performance.getEntriesByName('first-contentful-paint')[0]
  const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
  const scripts = resources.filter((entry) => entry.name.endsWith('.js'))
  return {
    seen: Math.round((window as { benchSeenMs?: number }).benchSeenMs ?? Number.NaN),
    firstPaint: paint ? Math.round(paint.startTime) : null,
    scriptsArrived: scripts.length
      ? Math.round(Math.max(...scripts.map((e) => e.responseEnd)))
      : null,
    calls: resources
      .filter((entry) => entry.name.includes('/functions/v1/'))
      .map((entry) => ({
        route: new URL(entry.name).pathname.split('/').slice(4).join('/'),
        start: Math.round(entry.startTime),
        end: Math.round(entry.responseEnd),
      })),
  }
}

/** From navigation start to `selector` in a fresh context (a cold cache) of `session`. */
async function timeToSee(
  browser: Browser,
  session: Awaited<ReturnType<BrowserContext['storageState']>>,
  url: string,
  selector: string,
): Promise<LoadMarks> {
  const context = await browser.newContext({ storageState: session })
  try {
    const page = await context.newPage()
    await page.addInitScript(watchFor, selector)
    await page.goto(url)
    await page
      .waitForFunction(() => (window as { benchSeenMs?: number }).benchSeenMs, undefined, {
        timeout: 30_000,
      })
      .catch(() => {
        throw new Error(`${url} showed no ${selector} within 30 s`)
      })
    return await page.evaluate(readMarks)
  } finally {
    await context.close()
  }
}

/**
 * The console's leads view as a signed-in sales person opens it, on `databaseUrl`'s leads: median
 * and p95 of `loads` cold loads, beside the privacy notice's heading on the same server.
 */
export async function measureFirstPage(databaseUrl: string, leads: number) {
  const server = await startLocalServer({ DATABASE_URL: databaseUrl, NOTIFY_RETRY_SECONDS: '0' })
  const stopServer = cleanupOnInterrupt(() => server.stop())
  try {
    const browser = await launchChromium()
    const closeBrowser = cleanupOnInterrupt(() => browser.close())
    try {
      // Signed in once; each load after starts from the session the page kept in localStorage.
      const signIn = await browser.newContext()
      const page = await signIn.newPage()
      const link = await salesLink(server)
      await page.goto(link)
      await page.waitForSelector(firstLeadRow, { timeout: 30_000 })
      const session = await signIn.storageState()
      await signIn.close()

      // On the link's origin (localhost, not the 127.0.0.1 it listens on): the session is kept there.
      const consoleUrl = new URL('/console', link).href
      const privacyUrl = new URL('/privacy', link).href
      const marks = { console: [] as LoadMarks[], privacy: [] as LoadMarks[] }
      for (let i = 0; i < loads; i++) {
        marks.console.push(await timeToSee(browser, session, consoleUrl, firstLeadRow))
        marks.privacy.push(await timeToSee(browser, session, privacyUrl, mainHeading))
      }
      const times = {
        console: marks.console.map((load) => load.seen),
        privacy: marks.privacy.map((load) => load.seen),
      }
      const p95 = (name: keyof typeof times) => quantile(times[name], 0.95) ?? Number.NaN
      const row: BenchRow = {
        section: 'Console',
        measure: `Leads view as sales in Chromium, ${leads.toLocaleString('en-US')} leads: navigation → first lead row, cold loads (${loads})`,
        value: `median ${median(times.console)} ms, p95 ${p95('console')} ms`,
        target: `≤ ${targetMs.toLocaleString('en-US')} ms (p95)`,
        baseline: `/privacy, navigation → its heading: median ${median(times.privacy)} ms, p95 ${p95('privacy')} ms`,
        meets: p95('console') <= targetMs,
      }
      return { row, data: { times, marks } }
    } finally {
      await closeBrowser()
    }
  } finally {
    await stopServer()
  }
}
