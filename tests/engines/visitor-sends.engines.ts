// A visitor sends a lead in each engine scripts/test-engines.ts provides: on the site's
// /request-demo, and on a partner page of another origin that loads only the loader. The built
// site and widget are served by the real local server, which must store each lead exactly once.
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { formCopy } from '../../src/form-copy.ts'
import { storedLeads } from '../e2e/leads.ts'
import { sampleLead } from '../support/sample-lead.ts'
import { startLocalServer } from '../support/start-local-server.ts'
import type { ServerProcess } from '../support/start-server-process.ts'
import { waitUntil } from '../support/wait-until.ts'
import type { VisitorEngine } from './engines.ts'
import { startVisitor, type Visitor } from './visitor.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    engines: VisitorEngine[]
  }
}

let tempDir: string
let backend: ServerProcess
let partner: Server
let partnerOrigin: string

beforeAll(async () => {
  tempDir = await mkdtemp(join(tmpdir(), 'engines-'))
  partner = createServer((_request, response) => {
    const widget = new URL(backend.url).origin
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner</title>
<script src="${widget}/widget/demo-request-loader.js" defer></script></head>
<body><h1>Partner</h1><demo-request supabase-url="${widget}" source="partner-engines"></demo-request></body></html>`)
  })
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve))
  partnerOrigin = `http://127.0.0.1:${(partner.address() as AddressInfo).port}`
  backend = await startLocalServer({
    PGLITE_DATA_DIR: join(tempDir, 'pglite'),
    DATABASE_URL: '',
    RESEND_API_KEY: '',
    NOTIFY_WEBHOOK_URL: '',
    ALLOWED_ORIGINS: partnerOrigin,
  })
})

afterAll(async () => {
  await backend?.stop()
  partner?.closeAllConnections()
  await new Promise((resolve) => partner?.close(resolve))
  if (tempDir) await rm(tempDir, { recursive: true, force: true })
})

// The live form: the loader's static one has controls without names.
const liveForm = () => {
  const root = document.querySelector('demo-request')?.shadowRoot
  return (
    !!root?.querySelector('form [name="firstName"]') && !root.querySelector('input:not([name])')
  )
}
const formText = () => document.querySelector('demo-request')?.shadowRoot?.textContent ?? ''

/** Types the sample lead under `companyName`, presses the button and waits for the toast. */
async function sendSampleLead(visitor: Visitor, companyName: string) {
  await waitUntil(() => visitor.evaluate(liveForm), { timeoutMs: 15_000 })
  const { fields } = formCopy
  await visitor.type(fields.firstName.label, sampleLead.firstName)
  await visitor.type(fields.lastName.label, sampleLead.lastName)
  await visitor.type(fields.companyName.label, companyName)
  await visitor.choose(fields.companySize.label, sampleLead.companySize)
  await visitor.press(formCopy.submit)
  await waitUntil(async () => (await visitor.evaluate(formText)).includes(formCopy.success.title), {
    timeoutMs: 15_000,
  })
}

const leadsStoredAs = (companyName: string) => storedLeads(companyName, join(tempDir, 'pglite'))

for (const engine of inject('engines')) {
  describe(engine.name, () => {
    let visitor: Visitor
    beforeAll(async () => {
      visitor = await startVisitor(engine)
    })
    afterAll(() => visitor?.close())

    it(`${engine.version}: sends a lead from /request-demo, stored once`, async () => {
      const companyName = `${sampleLead.companyName} ${engine.name} site ${Date.now()}`
      await visitor.open(new URL('/request-demo', backend.url).href)
      await sendSampleLead(visitor, companyName)
      const leads = await leadsStoredAs(companyName)
      expect(leads).toHaveLength(1)
      expect(leads[0]).toContain(`,${sampleLead.firstName},${sampleLead.lastName},${companyName},`)
    })

    it(`${engine.version}: sends a lead from a partner page of another origin through the loader, stored once`, async () => {
      const companyName = `${sampleLead.companyName} ${engine.name} partner ${Date.now()}`
      await visitor.open(`${partnerOrigin}/`)
      await sendSampleLead(visitor, companyName)
      const leads = await leadsStoredAs(companyName)
      expect(leads).toHaveLength(1)
      expect(leads[0]).toContain(`,${companyName},${sampleLead.companySize},partner-engines,`)
    })
  })
}
