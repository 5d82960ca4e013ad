// What the proof of work costs a visitor: click to success toast on /request-demo, with the
// proof and without, on the local server (PGlite) and the built site in Debian's Chromium.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { formCopy } from '#core/form-copy.ts'
import { readBackendConfig } from '../../server/config.ts'
import { startLocalServer } from '../../server/local-server.ts'
import { sampleLead } from '../../tests/support/sample-lead.ts'
import { fillSampleLead } from '../../tests/support/sample-lead-form.ts'
import { median } from './stats.ts'

/** One way of visiting: how throttled the CPU is, and how long the visitor types first. */
export interface Visit {
  cpu: number
  typingMs: number
}

export const visits: Visit[] = [
  { cpu: 1, typingMs: 3000 },
  { cpu: 1, typingMs: 0 },
  { cpu: 4, typingMs: 3000 },
  { cpu: 4, typingMs: 0 },
]

/** Medians of `runs` visits each, in the order of {@link visits}, and every run's figure. */
export interface VisitorCost {
  medianMs: (number | null)[]
  runsMs: number[][]
}

/** Milliseconds from the click to the success toast, after `typingMs` of typing. */
async function visitorWait(browser: Browser, url: string, { cpu, typingMs }: Visit) {
  const page = await browser.newPage()
  try {
    if (cpu > 1) {
      const cdp = await page.context().newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu })
    }
    await page.goto(`${url}/request-demo`, { waitUntil: 'networkidle' })
    // Without typing, right after load: every field at once, the click a moment after the first
    // focus.
    await fillSampleLead(page, `${sampleLead.companyName} ${Date.now()}`, { typingMs })
    const clicked = performance.now()
    await page.getByRole('button', { name: formCopy.submit, exact: true }).click()
    await page.getByText(formCopy.success.title).waitFor({ timeout: 120_000 })
    return Math.round(performance.now() - clicked)
  } finally {
    await page.close()
  }
}

/** Each of {@link visits} `runs` times, on a local server with `bits`, or none for no proof. */
export async function measureVisitorCost(
  browser: Browser,
  bits: { min: number; max: number } | null,
  runs: number,
): Promise<VisitorCost> {
  const folder = await mkdtemp(join(tmpdir(), 'bench-visitor-'))
  const defaults = readBackendConfig({})
  const server = await startLocalServer({
    ...defaults,
    // Every visitor here comes from 127.0.0.1: room for all of them under the client's limit.
    rateLimit: { ...defaults.rateLimit, max: 1000 },
    dataDir: folder,
    port: 0,
    proofOfWork: bits,
    email: null,
    webhook: null,
  })
  try {
    const runsMs: number[][] = []
    // Interleaved, so a busy moment of this shared machine spreads over every kind of visit.
    for (let run = 0; run < runs; run++) {
      for (const [index, visit] of visits.entries()) {
        runsMs[index] ??= []
        runsMs[index].push(await visitorWait(browser, server.url, visit))
      }
    }
    return { medianMs: runsMs.map((values) => median(values)), runsMs }
  } finally {
    await server.close()
    await rm(folder, { recursive: true, force: true })
  }
}
