import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { readBackendConfig } from './backend-config.ts'
import { openCommandBackend } from './command-backend.ts'
import { freePort } from './test-support/postgres-cluster.ts'
import { demoRequestBackend } from './vite-plugin.ts'

let folder: string
let vite: ViteDevServer
let url: string

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'demo-request-vite-'))
  await writeFile(join(folder, 'index.html'), '<!doctype html><title>dev</title>')
  const port = await freePort()
  vite = await createServer({
    configFile: false,
    root: folder,
    logLevel: 'silent',
    server: { port, strictPort: true, host: '127.0.0.1' },
    plugins: [demoRequestBackend({ ...readBackendConfig({}), dataDir: join(folder, 'pglite') })],
  })
  await vite.listen()
  url = `http://127.0.0.1:${port}`
}, 60_000)
afterAll(async () => {
  await vite?.close()
  await rm(folder, { recursive: true, force: true })
})

it('mounts the function in the dev server and leaves the rest to Vite', async () => {
  // Nothing is opened until the function is called, so test runners sharing the config stay out.
  await expect(stat(join(folder, 'pglite.owner.json'))).rejects.toThrow()
  const response = await fetch(`${url}/functions/v1/send-demo-request`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({
      firstName: 'Ada',
      lastName: 'Lovelace',
      companyName: 'Engines',
      companySize: '200+ employees',
    }),
  })
  expect(response.status).toBe(200)
  expect(await response.json()).toMatchObject({ success: true })
  const page = await fetch(`${url}/`)
  expect(await page.text()).toContain('<title>dev</title>')
  const leads = await openCommandBackend({
    ...readBackendConfig({}),
    dataDir: join(folder, 'pglite'),
  })
  expect((await leads.list(10)).map((lead) => lead.companySize)).toEqual(['200+ employees'])
  await leads.close()
})
