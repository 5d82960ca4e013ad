import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createServer, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { freePort } from '../tests/support/free-port.ts'
import { migratedPgliteFolder } from '../tests/support/pglite-folder.ts'
import { sampleLead } from '../tests/support/sample-lead.ts'
import { scratchFolder } from '../tests/support/scratch-folder.ts'
import { readBackendConfig } from './config.ts'
import { openDatabase } from './database.ts'
import { runCommand } from './local-commands.ts'
import { demoRequestBackend } from './vite-plugin.ts'

let folder: string
let vite: ViteDevServer
let url: string
// A scripted POST, without the proof of work the widget would solve.
const config = () => ({
  ...readBackendConfig({}),
  dataDir: join(folder, 'pglite'),
  proofOfWork: null,
})

beforeAll(async () => {
  folder = await scratchFolder('demo-request-vite-')
  await writeFile(join(folder, 'index.html'), '<!doctype html><title>dev</title>')
  // A migrated copy, not PGlite's first start: what is tested here is the dev server's hold on the
  // folder, and a fresh clone's first start is the e2e server's (tests/e2e/global-setup.ts).
  await migratedPgliteFolder(config().dataDir)
  const port = await freePort()
  vite = await createServer({
    configFile: false,
    root: folder,
    logLevel: 'silent',
    server: { port, strictPort: true, host: '127.0.0.1' },
    plugins: [demoRequestBackend(config())],
  })
  await vite.listen()
  url = `http://127.0.0.1:${port}`
}, 60_000)
afterAll(async () => {
  await vite?.close()
  await rm(folder, { recursive: true, force: true })
})

it('mounts the function in the dev server and leaves the rest to Vite', async () => {
  // Nothing is opened until the function is called, so test runners sharing the config stay
  // out: the folder is still free to open here.
  await (await openDatabase(config())).close()
  const response = await fetch(`${url}/functions/v1/send-demo-request`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ ...sampleLead, companySize: '200+ employees' }),
  })
  expect(response.status).toBe(200)
  expect(await response.json()).toMatchObject({ success: true })
  const page = await fetch(`${url}/`)
  expect(await page.text()).toContain('<title>dev</title>')
  // Now the dev server holds the folder, and runs the leads command for others.
  await expect(openDatabase(config())).rejects.toThrow(/open in another process/)
  const leads = await runCommand(config(), 'leads', { csv: true, limit: 10 })
  expect(leads.output).toContain(`,${sampleLead.companyName},200+ employees,`)
  // Three embedded databases opened one after another: a minute under a loaded run, as the
  // other commands' tests allow, not the project's 30 s (it ran out once).
}, 120_000)
