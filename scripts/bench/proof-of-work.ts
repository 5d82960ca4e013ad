// `npm run bench:pow`: what the proof of work costs a visitor and what a flood without proofs
// gets, on the local server (PGlite, default bits) and the built site in Debian's Chromium.
// Needs `npm run build`. Prints one JSON line per measurement; run by hand, not in `npm test`.

import { mkdtemp, rm } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { type Browser, chromium } from 'playwright-core'
import { readBackendConfig } from '../../server/config.ts'
import { startLocalServer } from '../../server/local-server.ts'
import { formCopy } from '../../src/form-copy.ts'
import { configDefaults } from '../../supabase/functions/_shared/function-config.ts'
import { challengeBits } from '../../supabase/functions/_shared/proof-of-work.ts'
import { sampleLead, sampleSubmission } from '../../tests/support/sample-lead.ts'
import { solveProof } from '../../tests/support/solve-proof.ts'
import { chromiumArgs, chromiumPath } from '../chromium-path.js'

const folder = await mkdtemp(join(tmpdir(), 'bench-pow-'))
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs })

async function serve(name: string, proofOfWork: { min: number; max: number } | null) {
  const defaults = readBackendConfig({})
  return startLocalServer({
    ...defaults,
    // Every visitor here comes from 127.0.0.1: room for all of them under the client's limit.
    rateLimit: { ...defaults.rateLimit, max: 1000 },
    dataDir: join(folder, name),
    port: 0,
    proofOfWork,
    email: null,
    webhook: null,
  })
}

/** Milliseconds from the click to the success toast, after `typingMs` of typing. */
async function visitorWait(browser: Browser, url: string, cpu: number, typingMs: number) {
  const page = await browser.newPage()
  if (cpu > 1) {
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu })
  }
  await page.goto(`${url}/request-demo`, { waitUntil: 'networkidle' })
  const { fields } = formCopy
  const first = page.getByLabel(fields.firstName.label)
  if (typingMs > 0) {
    await first.click()
    await page.keyboard.type(sampleLead.firstName, {
      delay: typingMs / sampleLead.firstName.length,
    })
  } else {
    await first.fill(sampleLead.firstName)
  }
  await page.getByLabel(fields.lastName.label).fill(sampleLead.lastName)
  await page.getByLabel(fields.companyName.label).fill(`${sampleLead.companyName} ${Date.now()}`)
  await page.getByLabel(fields.companySize.label).selectOption(sampleLead.companySize)
  const clicked = performance.now()
  await page.getByRole('button', { name: formCopy.submit, exact: true }).click()
  await page.getByText(formCopy.success.title).waitFor({ timeout: 120_000 })
  const waited = performance.now() - clicked
  await page.close()
  return Math.round(waited)
}

// One POST without a proof from `localAddress` (any 127.0.0.0/8 address binds on Linux).
function bare(url: URL, localAddress: string) {
  return new Promise<number>((resolve, reject) => {
    const body = JSON.stringify(sampleSubmission)
    const call = request(
      url,
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (reply) => {
        reply.resume()
        reply.on('end', () => resolve(reply.statusCode ?? 0))
      },
    )
    call.on('error', reject)
    call.end(body)
  })
}

// A script solving at full speed with Node's SHA-256, one core: CPU-seconds a lead at each step.
function scriptedCost() {
  let hashesPerCpuSecond = 0
  for (const bits of [12, 15, 18]) {
    const proofs = bits === 18 ? 4 : 20
    const start = process.cpuUsage()
    let hashes = 0
    for (let i = 0; i < proofs; i++) {
      const nonce = String(i).padStart(32, '0')
      const proof = solveProof(`1764000000.${bits}.${nonce}.${'0'.repeat(64)}`)
      hashes += Number(proof.split('.').pop()) + 1
    }
    const used = process.cpuUsage(start)
    const cpuSeconds = (used.user + used.system) / 1e6
    hashesPerCpuSecond = hashes / cpuSeconds
    const perLead = Math.round((cpuSeconds / proofs) * 1000) / 1000
    console.log(
      JSON.stringify({ measure: 'scripted solver', bits, proofs, cpuSecondsPerLead: perLead }),
    )
  }
  // Filling a whole window to RATE_LIMIT_GLOBAL_MAX, the bits rising as it fills.
  const globalMax = configDefaults.rateLimitGlobalMax
  let expectedHashes = 0
  for (let total = 0; total < globalMax; total++) {
    expectedHashes += 2 ** challengeBits(total, globalMax, { min: 12, max: 18 })
  }
  console.log(
    JSON.stringify({
      measure: 'scripted solver, one window to the global limit',
      leads: globalMax,
      cpuSeconds: Math.round(expectedHashes / hashesPerCpuSecond),
    }),
  )
}

try {
  scriptedCost()
  for (const [label, bits] of [
    ['with proof (12-18 bits)', { min: 12, max: 18 }],
    ['without proof', null],
  ] as const) {
    const server = await serve(label.replace(/\W+/g, '-'), bits)
    for (const cpu of [1, 4]) {
      for (const typingMs of [3000, 0]) {
        // Three visitors: this machine is shared, and one run says little.
        const runs: number[] = []
        for (let run = 0; run < 3; run++)
          runs.push(await visitorWait(browser, server.url, cpu, typingMs))
        const medianMs = [...runs].sort((a, b) => a - b)[1]
        console.log(
          JSON.stringify({ measure: 'click to toast', label, cpu, typingMs, medianMs, runs }),
        )
      }
    }
    await server.close()
  }

  const server = await serve('flood', { min: 12, max: 18 })
  const url = new URL(`${server.url}/functions/v1/send-demo-request`)
  const total = 10_000
  const statuses = new Map<number, number>()
  let sent = 0
  const started = performance.now()
  const flood = Promise.all(
    Array.from({ length: 32 }, async () => {
      while (sent < total) {
        const n = sent++
        const status = await bare(url, `127.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255 || 1}`)
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
      }
    }),
  )
  const visitor = visitorWait(browser, server.url, 1, 3000)
  const [, visitorMs] = await Promise.all([flood, visitor])
  const leads = await server.store.list(null)
  console.log(
    JSON.stringify({
      measure: 'flood without proofs',
      posts: total,
      seconds: Math.round(performance.now() - started) / 1000,
      statuses: Object.fromEntries(statuses),
      storedLeads: leads.length,
      visitorStored: leads.filter((lead) => lead.lastName === sampleLead.lastName).length,
      visitorClickToToastMs: visitorMs,
      notificationsDue: leads.filter((lead) => lead.notificationStatus !== 'skipped').length,
    }),
  )
  await server.close()
} finally {
  await browser.close()
  await rm(folder, { recursive: true, force: true })
}
