// A partner page on plain http under its own host name: not a secure context, so the page has no
// `crypto.subtle`. The widget still solves the function's proof of work (src/bot-defence/sha256.ts)
// and the lead is stored. localhost and 127.0.0.1 count as secure, so the page is served as
// `partner.test`, which Chromium is told resolves to 127.0.0.1.
import { rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { launchChromiumShell } from '../../scripts/launch-chromium.ts'
import { sendSampleLead } from '../support/sample-lead-form.ts'
import { scratchFolder } from '../support/scratch-folder.ts'
import { startLocalServer } from '../support/start-local-server.ts'
import type { ServerProcess } from '../support/start-server-process.ts'
import { storedLeads } from './leads.ts'

const host = 'partner.test'
let tempDir: string
let partner: Server
let partnerUrl: string
let backend: ServerProcess
let browser: Browser

beforeAll(async () => {
  tempDir = await scratchFolder('plain-http-e2e-')
  let page = ''
  partner = createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page)
  })
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve))
  partnerUrl = `http://${host}:${(partner.address() as AddressInfo).port}/`
  backend = await startLocalServer({
    PGLITE_DATA_DIR: join(tempDir, 'pglite'),
    DATABASE_URL: '',
    RESEND_API_KEY: '',
    NOTIFY_WEBHOOK_URL: '',
    ALLOWED_ORIGINS: new URL(partnerUrl).origin,
    POW_MIN_BITS: '8',
    POW_MAX_BITS: '8',
  })
  const widget = new URL(backend.url).origin
  page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner</title>
<script src="${widget}/widget/demo-request-loader.js" async></script></head>
<body><demo-request supabase-url="${widget}" source="plain-http"></demo-request></body></html>`
  browser = await launchChromiumShell([`--host-resolver-rules=MAP ${host} 127.0.0.1`])
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await backend?.stop()
  partner?.closeAllConnections()
  await new Promise((resolve) => partner?.close(resolve))
  if (tempDir) await rm(tempDir, { recursive: true, force: true })
})

it('sends a lead with its proof of work from a page without Web Crypto', async () => {
  const page = await browser.newPage()
  const proofs: string[] = []
  page.on('request', (request) => {
    const proof = request.headers()['proof-of-work']
    if (request.method() === 'POST' && proof) proofs.push(proof)
  })
  await page.goto(partnerUrl)
  // Otherwise the test would pass without showing anything about such a page.
  expect(await page.evaluate(() => [window.isSecureContext, typeof crypto.subtle])).toEqual([
    false,
    'undefined',
  ])
  await sendSampleLead(page, 'Plain Http Partners LLP')
  expect(proofs).toEqual([expect.stringMatching(/^\d+\.8\.[0-9a-f]+\.[0-9a-f]+\.\d+$/)])
  expect(await storedLeads('Plain Http Partners LLP', join(tempDir, 'pglite'))).toHaveLength(1)
  await page.close()
})
