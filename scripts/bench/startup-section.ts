import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { type BenchRow, ms } from './bench-row.ts'
import { plainFormPage, widgetPage } from './partner-pages.ts'
import { startStaticServer } from './static-server.ts'
import { median, quantile } from './stats.ts'

interface Timing {
  visible: number
  ready: number | null
}

// What the partner pages' probe leaves on `window`.
type Probed = { __bench: { visible: number | null; ready: number | null } }

// Long enough for a 4× slowed start-up; a page that never says ready is waited on once only.
const visibleTimeoutMs = 20_000
const readyTimeoutMs = 5_000

async function loadOnce(browser: Browser, url: string, cpuRate: number, waitReady: boolean) {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate })
    await page.goto(url, { waitUntil: 'load' })
    await page.waitForFunction(() => (window as unknown as Probed).__bench.visible !== null, null, {
      timeout: visibleTimeoutMs,
    })
    if (waitReady) {
      await page
        .waitForFunction(() => (window as unknown as Probed).__bench.ready !== null, null, {
          timeout: readyTimeoutMs,
        })
        .catch(() => {})
    }
    return (await page.evaluate(() => (window as unknown as Probed).__bench)) as Timing
  } finally {
    await context.close()
  }
}

const summary = (values: number[]) =>
  values.length ? `median ${ms(median(values))} (p90 ${ms(quantile(values, 0.9))})` : null

/**
 * Row 2: from navigation start to the first field drawn, and to `demo-request-ready`, on a
 * partner page from a local static server, in Chromium, unthrottled and at 4× slower CPU.
 */
export async function measureStartup(root: string, browser: Browser, runs: number) {
  const dist = join(root, 'dist')
  const hasLoader = existsSync(join(dist, 'widget', 'demo-request-loader.js'))
  const variants = [
    ...(hasLoader ? [{ name: 'loader', path: '/partner-loader', widget: true }] : []),
    { name: 'standalone', path: '/partner-standalone', widget: true },
    { name: 'plain form', path: '/plain-form', widget: false },
  ]
  const pages: Record<string, string> = {}
  const served = await startStaticServer(dist, pages)
  // The widget is pointed at the page's own server; start-up sends nothing to it.
  pages['/partner-loader'] = widgetPage('/widget/demo-request-loader.js', served.url)
  pages['/partner-standalone'] = widgetPage('/widget/demo-request.js', served.url)
  pages['/plain-form'] = plainFormPage()
  try {
    const rows: BenchRow[] = []
    const data: Record<string, unknown> = {}
    for (const cpuRate of [1, 4]) {
      const timings: Record<string, Timing[]> = {}
      const sawReady: Record<string, boolean> = {}
      // A page whose form never shows is tried once, not ten times at the full timeout.
      const failed: Record<string, string> = {}
      for (let run = 0; run < runs; run++) {
        // Interleaved, so a busy moment on the machine falls on every variant alike.
        for (const variant of variants.filter((variant) => !failed[variant.name])) {
          const waitReady = variant.widget && (run === 0 || sawReady[variant.name] === true)
          try {
            const timing = await loadOnce(browser, served.url + variant.path, cpuRate, waitReady)
            if (timing.ready !== null) sawReady[variant.name] = true
            timings[variant.name] = [...(timings[variant.name] ?? []), timing]
          } catch (error) {
            const why = (error as Error).message.split('\n')[0] ?? String(error)
            failed[variant.name] = why.includes('Timeout')
              ? `the form did not show within ${visibleTimeoutMs / 1000} s`
              : why
          }
        }
      }
      data[`${cpuRate}x`] = { ...timings, failed }
      const plain = summary((timings['plain form'] ?? []).map((timing) => timing.visible))
      const baseline = `plain HTML form visible: ${plain}`
      for (const variant of variants.filter((variant) => variant.widget)) {
        const list = timings[variant.name] ?? []
        const cpu = cpuRate === 1 ? 'unthrottled' : `${cpuRate}× CPU throttling`
        const ready = list.flatMap((timing) => (timing.ready === null ? [] : [timing.ready]))
        const failure = failed[variant.name]
        rows.push({
          section: 'Start-up',
          measure: `${variant.name} widget, ${cpu}: form visible (${list.length} run${list.length === 1 ? '' : 's'})`,
          value: failure
            ? `failed: ${failure}`
            : (summary(list.map((timing) => timing.visible)) ?? 'n/a'),
          target: 'none set',
          baseline,
          meets: failure ? false : null,
        })
        rows.push({
          section: 'Start-up',
          measure: `${variant.name} widget, ${cpu}: \`demo-request-ready\``,
          value:
            ready.length === list.length
              ? (summary(ready) ?? 'n/a')
              : ready.length === 0
                ? 'n/a (no ready event)'
                : `${summary(ready)}, fired in ${ready.length} of ${list.length} runs`,
          target: 'none set',
          baseline,
          meets: null,
        })
      }
    }
    return { rows, data }
  } finally {
    await served.close()
  }
}
