import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resendUnnotified } from '../supabase/functions/_shared/resend-unnotified.ts'
import { readBackendConfig } from './backend-config.ts'
import { openCommandBackend } from './command-backend.ts'
import { readDataDirOwner } from './data-dir-lock.ts'
import { adminStorePath, adminTokenHeader } from './local-admin.ts'
import { type LocalServer, startLocalServer } from './local-server.ts'
import { openBackendStore } from './open-backend-store.ts'
import { createRemoteStore } from './remote-store.ts'

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  companyName: 'Engines',
  companySize: '1-5 employees',
}

let folder: string
let server: LocalServer
const config = () => ({
  ...readBackendConfig({}),
  dataDir: join(folder, 'pglite'),
  distDir: join(folder, 'dist'),
  port: 0,
  rateLimit: { max: 2, windowSeconds: 600 },
})

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'demo-request-server-'))
  await mkdir(join(folder, 'dist', 'widget'), { recursive: true })
  await writeFile(join(folder, 'dist', 'widget', 'demo-request.js'), '// widget')
  server = await startLocalServer(config())
}, 60_000)
afterAll(async () => {
  await server?.close()
  await rm(folder, { recursive: true, force: true })
})

const post = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/functions/v1/send-demo-request`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, ...headers },
    body: JSON.stringify(body),
  })

describe('the local server', () => {
  it('serves the function, the demo page and the widget on one origin', async () => {
    const response = await post(valid)
    expect(response.status).toBe(200)
    const { requestId } = await response.json()
    expect(await server.store.list(10)).toMatchObject([{ id: requestId, firstName: 'Ada' }])
    const page = await fetch(`${server.url}/`)
    expect(await page.text()).toContain(`supabase-url="${server.url}"`)
    expect((await fetch(`${server.url}/widget/demo-request.js`)).status).toBe(200)
  })

  it('answers an oversized upload with 413 and keeps serving', async () => {
    const response = await fetch(`${server.url}/functions/v1/send-demo-request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(64 * 1024),
    })
    expect(response.status).toBe(413)
    expect((await response.json()).error.code).toBe('payload_too_large')
    expect((await fetch(`${server.url}/`)).status).toBe(200)
  })

  it('rate-limits by socket address, whatever X-Forwarded-For claims', async () => {
    // The first test used one of the two allowed submissions.
    expect((await post(valid, { 'x-forwarded-for': '10.0.0.1' })).status).toBe(200)
    const refused = await post(valid, { 'x-forwarded-for': '10.0.0.2' })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('keeps other processes out of its PGlite folder', async () => {
    await expect(openBackendStore(config())).rejects.toThrow(/in use by process/)
  })

  it('lets the leads command read through it while it holds the folder', async () => {
    const backend = await openCommandBackend(config())
    const leads = await backend.list(10)
    await backend.close()
    expect(leads.map((lead) => lead.firstName)).toEqual(['Ada', 'Ada'])
    expect(leads[0]?.createdAt).toBeInstanceOf(Date)
    expect(await backend.retry()).toBeNull()
  })

  it('lets the retry command send pending leads through it', async () => {
    const owner = await readDataDirOwner(config().dataDir)
    expect(owner?.url).toBeTruthy()
    const store = createRemoteStore(owner?.url ?? '', owner?.token ?? '')
    const told: string[] = []
    const result = await resendUnnotified({
      store,
      notifier: { notify: async (lead) => void told.push(lead.firstName) },
      now: () => new Date(Date.now() + 120_000),
    })
    expect(result).toEqual({ sent: 2, failed: 0 })
    expect(told).toEqual(['Ada', 'Ada'])
    const leads = await server.store.list(10)
    expect(leads.map((lead) => lead.notificationStatus)).toEqual(['sent', 'sent'])
  })

  it('hides the local-admin routes from callers without the token', async () => {
    const call = (headers: Record<string, string>) =>
      fetch(`${server.url}${adminStorePath}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ method: 'list', args: [10] }),
      })
    expect((await call({})).status).toBe(404)
    expect((await call({ [adminTokenHeader]: 'guess' })).status).toBe(404)
  })

  it('releases the folder on close, so commands open it directly', async () => {
    await server.close()
    await expect(stat(`${config().dataDir}.owner.json`)).rejects.toThrow()
    const backend = await openCommandBackend(config())
    expect(await backend.list(10)).toHaveLength(2)
    await backend.close()
    server = await startLocalServer(config())
    expect(await server.store.list(10)).toHaveLength(2)
  })
})
