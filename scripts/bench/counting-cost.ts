// What the funnel's counting costs a visitor: click to success toast on /request-demo with the
// form counting and with analytics="off", interleaved in the same run, on the local server
// (PGlite) and the built site in Debian's Chromium; and the bytes a visit's beacons carry.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { formCopy } from '#core/form-copy.ts'
import { readBackendConfig } from '../../server/config.ts'
import { startLocalServer } from '../../server/local-server.ts'
import { sampleLead } from '../../tests/support/sample-lead.ts'
import { fillSampleLead } from '../../tests/support/sample-lead-form.ts'
import { waitUntil } from '../../tests/support/wait-until.ts'
import { type BenchRow, ms } from './bench-row.ts'
import { median } from './stats.ts'

const isBatch = (url: string) => url.endsWith('/functions/v1/send-demo-request/events')

/** A page of /request-demo whose beacons' bodies are kept, in the order they went. */
async function openForm(browser: Browser, url: string, counting: boolean) {
  const context = await browser.newContext()
  const bodies: string[] = []
  context.on('request', (request) => {
    if (isBatch(request.url())) bodies.push(request.postData() ?? '')
  })
  if (!counting) {
    // Set as the parser adds the element, before the widget's script reads its attributes.
    await context.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const element = document.querySelector('demo-request')
        if (!element) return
        element.setAttribute('analytics', 'off')
        observer.disconnect()
      }).observe(document, { childList: true, subtree: true })
    })
  }
  const page = await context.newPage()
  await page.goto(`${url}/request-demo`, { waitUntil: 'networkidle' })
  // The live form, which counts; the prerendered one before it counts nothing.
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
  return { page, bodies, close: () => context.close() }
}

async function clickToToast(page: Page) {
  await fillSampleLead(page, `${sampleLead.companyName} ${Date.now()}`)
  const clicked = performance.now()
  await page.getByRole('button', { name: formCopy.submit, exact: true }).click()
  await page.getByText(formCopy.success.title).waitFor({ timeout: 120_000 })
  return Math.round(performance.now() - clicked)
}

/** Rows: click to toast counting and not, `runs` visits each; the bytes two kinds of visit send. */
export async function measureCountingCost(browser: Browser, runs: number) {
  const folder = await mkdtemp(join(tmpdir(), 'bench-counting-'))
  const defaults = readBackendConfig({})
  const server = await startLocalServer({
    ...defaults,
    // Every visitor here comes from 127.0.0.1: room for all of them under the client's limits.
    rateLimit: { ...defaults.rateLimit, max: 1000 },
    analytics: { ...defaults.analytics, clientMax: 1000 },
    dataDir: folder,
    port: 0,
    email: null,
    webhook: null,
  })
  try {
    const counting: number[] = []
    const off: number[] = []
    let sendBodies: string[] = []
    let offBeacons = 0
    // Interleaved, so a busy moment of this shared machine falls on both alike.
    for (let run = 0; run < runs; run++) {
      for (const on of [true, false]) {
        const form = await openForm(browser, server.url, on)
        ;(on ? counting : off).push(await clickToToast(form.page))
        await form.page.goto('about:blank')
        // The batch after the send; the page left with nothing more to send.
        if (on) sendBodies = await waitUntil(() => form.bodies.length > 0 && form.bodies)
        else offBeacons += form.bodies.length
        await form.close()
      }
    }

    // A visitor who starts, leaves First Name empty and leaves. Playwright is not told of a
    // beacon sent as a page unloads (the e2e tests see it arrive at the server), so the page is
    // told it is hidden, which sends the same batch while Playwright still watches it.
    const left = await openForm(browser, server.url, true)
    await left.page.getByLabel(formCopy.fields.firstName.label).click()
    await left.page.getByLabel(formCopy.fields.lastName.label).click()
    await left.page.keyboard.type('L')
    await left.page.evaluate(() => dispatchEvent(new PageTransitionEvent('pagehide')))
    const leftBodies = await waitUntil(() => left.bodies.length > 0 && left.bodies)
    await left.close()

    const bytes = (bodies: string[]) =>
      bodies.reduce((sum, body) => sum + Buffer.byteLength(body), 0)
    const [withCounting, withoutCounting] = [median(counting), median(off)]
    const rows: BenchRow[] = [
      {
        section: 'Analytics',
        measure: `click to success toast on /request-demo, counting, Chromium, local server, median of ${runs}`,
        value: `${ms(withCounting)} (runs ${counting.join(', ')} ms)`,
        target: 'unchanged by counting (no await on analytics)',
        baseline: `analytics="off", same run: ${ms(withoutCounting)} (runs ${off.join(', ')} ms; ${offBeacons} beacons)`,
        meets: null,
      },
      {
        section: 'Analytics',
        measure: 'bytes a visit sends: starts, leaves First Name empty, leaves the page',
        value: `${bytes(leftBodies)} B in ${leftBodies.length} beacon(s) (body; text/plain)`,
        target: 'one small batch',
        baseline: '—',
        meets: leftBodies.length === 1,
      },
      {
        section: 'Analytics',
        measure: 'bytes a visit sends: fills the form and sends it',
        value: `${bytes(sendBodies)} B in ${sendBodies.length} beacon(s) (body; text/plain)`,
        target: 'one small batch',
        baseline: '—',
        meets: sendBodies.length === 1,
      },
    ]
    return {
      rows,
      data: { counting, off, offBeacons, leftBodies, sendBodies },
    }
  } finally {
    await server.close()
    await rm(folder, { recursive: true, force: true })
  }
}
