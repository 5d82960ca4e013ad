import { mkdir, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { buffer } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hostingHeaders } from '../scripts/hosting-headers.ts'
import { calendlyWebhookBody, signCalendlyWebhook } from '../tests/support/booking-webhooks.ts'
import { consoleJwtSecret, staffToken } from '../tests/support/console-staff.ts'
import { migratedPgliteFolder, newPgliteFolder } from '../tests/support/pglite-folder.ts'
import { sampleLead, sampleNewDemoRequest } from '../tests/support/sample-lead.ts'
import { scratchFolder } from '../tests/support/scratch-folder.ts'
import { readBackendConfig } from './config.ts'
import { openDatabase } from './database.ts'
import { runCommand } from './local-commands.ts'
import { type LocalServer, startLocalServer } from './local-server.ts'

const valid = sampleLead
const calendlyKey = 'calendly-signing-key'

let folder: string
let server: LocalServer
const config = (dataDir = 'pglite') => ({
  ...readBackendConfig({}),
  dataDir: join(folder, dataDir),
  distDir: join(folder, 'dist'),
  port: 0,
  // Day-long windows: a test's requests never straddle two, which would reset the count.
  rateLimit: { max: 2, globalMax: 1000, windowSeconds: 86_400 },
  // These requests are scripted; the widget's proofs are tests/backend/widget-contract.test.ts's.
  proofOfWork: null,
  webhookSecrets: { cal: null, calendly: calendlyKey },
})

beforeAll(async () => {
  folder = await scratchFolder('demo-request-server-')
  await mkdir(join(folder, 'dist', 'widget'), { recursive: true })
  await writeFile(join(folder, 'dist', 'widget', 'demo-request.js'), '// widget')
  // Empty, so this server applies every migration as a first `npm start` does; the servers the
  // tests below start for one point each take the migrated copy, a PGlite boot's worth less.
  await newPgliteFolder(config().dataDir)
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
  it('takes signed Calendly bookings at the function path, without the project key', async () => {
    // Stored directly: the tests below count this client's posts against its limit.
    const stored = await server.leads.accept(sampleNewDemoRequest, {
      clientKey: 'b'.repeat(64),
      windowStart: new Date(),
      clientMax: 10,
      globalMax: 1000,
    })
    const requestId = 'id' in stored ? stored.id : ''
    const now = new Date()
    const body = calendlyWebhookBody({
      trigger: 'invitee.created',
      uri: 'https://api.calendly.com/scheduled_events/EV9/invitees/IN9',
      requestId,
      startTime: '2026-12-01T15:00:00.000000Z',
      createdAt: now.toISOString(),
    })
    const deliver = (key: string) =>
      fetch(`${server.url}/functions/v1/send-demo-request/booking/calendly`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'calendly-webhook-signature': signCalendlyWebhook(
            body,
            key,
            Math.floor(now.getTime() / 1000),
          ),
        },
        body,
      })
    expect((await deliver('wrong-key')).status).toBe(401)
    expect((await deliver(calendlyKey)).status).toBe(200)
    expect(await server.leads.list(10)).toContainEqual(
      expect.objectContaining({
        id: requestId,
        bookingState: 'booked',
        bookingProvider: 'calendly',
      }),
    )
  })

  it('serves the function and the widget on one origin', async () => {
    const response = await post(valid, { 'idempotency-key': 'one-origin' })
    expect(response.status).toBe(200)
    const { requestId } = await response.json()
    expect(await server.leads.list(10)).toContainEqual(
      expect.objectContaining({ id: requestId, idempotencyKey: 'one-origin' }),
    )
    expect((await fetch(`${server.url}/widget/demo-request.js`)).status).toBe(200)
    const unbuilt = await fetch(`${server.url}/`)
    expect(unbuilt.status).toBe(404)
    expect(await unbuilt.text()).toContain('npm run build')
  })

  // Copying srvx's file response into a new Response once made Node 20 close the file's stream
  // twice, now and then: an error thrown after the reply, which Vitest reports as unhandled
  // and fails the run.
  it('serves a file many times over with nothing thrown after the replies', async () => {
    // One connection per request, closed after it, as curl and many crawlers make them.
    const get = (path: string) =>
      new Promise<{ body: string; cacheControl: unknown }>((resolve, reject) => {
        const sent = request(`${server.url}${path}`, { agent: false }, (reply) => {
          // Settled once the connection has closed, where the stray close came.
          buffer(reply).then((body) => {
            const result = { body: body.toString(), cacheControl: reply.headers['cache-control'] }
            sent.once('close', () => setImmediate(() => resolve(result)))
          }, reject)
        })
        sent.on('error', reject).end()
      })
    for (let round = 0; round < 30; round++) {
      expect(await get('/widget/demo-request.js')).toEqual({
        body: '// widget',
        cacheControl: 'no-cache',
      })
    }
  })

  it('answers every method on every path of the function in JSON', async () => {
    // fetch refuses to send TRACE, so the requests go out through node:http.
    const send = (method: string, path: string) =>
      new Promise<{ status?: number; body: string }>((resolve, reject) => {
        const url = `${server.url}/functions/v1/send-demo-request${path}`
        request(url, { method }, async (reply) => {
          resolve({ status: reply.statusCode, body: (await buffer(reply)).toString() })
        })
          .once('error', reject)
          .end()
      })
    for (const path of ['', '/', '/anything/below']) {
      // A GET asks for a proof-of-work challenge: none here, where proofs are off.
      const { status, body } = await send('GET', path)
      expect(status, `GET ${path}`).toBe(200)
      expect(JSON.parse(body)).toEqual({ success: true, challenge: null })
      for (const method of ['PUT', 'DELETE', 'PATCH', 'TRACE']) {
        const { status, body } = await send(method, path)
        expect(status, `${method} ${path}`).toBe(405)
        expect(JSON.parse(body).error.code).toBe('method_not_allowed')
      }
    }
  })

  it('answers an oversized upload with 413 and keeps serving', async () => {
    const response = await fetch(`${server.url}/functions/v1/send-demo-request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(64 * 1024),
    })
    expect(response.status).toBe(413)
    expect((await response.json()).error.code).toBe('payload_too_large')
    expect((await fetch(`${server.url}/widget/demo-request.js`)).status).toBe(200)
  })

  it("serves the console's function, checking tokens with the local Auth's secret", async () => {
    await migratedPgliteFolder(config('console').dataDir)
    const local = await startLocalServer(config('console'), { authJwtSecret: consoleJwtSecret })
    try {
      const me = async (token: string) => {
        const reply = await fetch(`${local.url}/functions/v1/console/me`, {
          headers: { authorization: `Bearer ${token}` },
        })
        return { status: reply.status, ...(await reply.json()).error }
      }
      // Signed with the secret given, so checked, then refused by the database: nobody is on its staff.
      expect(await me(await staffToken('owner'))).toMatchObject({
        status: 401,
        message: expect.stringContaining('not on the staff'),
      })
      expect(await me(await staffToken('owner', { secret: 'x'.repeat(40) }))).toMatchObject({
        status: 401,
        message: expect.stringContaining('not valid'),
      })
    } finally {
      await local.close()
    }
  })

  it('rate-limits by socket address, whatever X-Forwarded-For claims', async () => {
    await migratedPgliteFolder(config('rate-limited').dataDir)
    const limited = await startLocalServer(config('rate-limited'))
    try {
      const send = (forwardedFor: string) =>
        fetch(`${limited.url}/functions/v1/send-demo-request`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
          body: JSON.stringify(valid),
        })
      expect((await send('10.0.0.1')).status).toBe(200)
      expect((await send('10.0.0.2')).status).toBe(200)
      const refused = await send('10.0.0.3')
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    } finally {
      await limited.close()
    }
  })

  it('says which variable to set when its port is taken', async () => {
    const taken = createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    const address = taken.address()
    const port = typeof address === 'object' && address ? address.port : 0
    try {
      await migratedPgliteFolder(config('port-taken').dataDir)
      await expect(startLocalServer({ ...config('port-taken'), port })).rejects.toThrow(
        `Port ${port} is in use: set PORT`,
      )
    } finally {
      taken.close()
    }
    // The folder it opened is free again.
    const reopened = await openDatabase(config('port-taken'))
    await reopened.close()
  })

  it('keeps other processes out of its PGlite folder, with one line saying why', async () => {
    await expect(openDatabase(config())).rejects.toThrow(
      /pglite is open in another process \(npm start or npm run dev\)/,
    )
  })

  it('runs the local commands for other processes while it holds the folder', async () => {
    expect((await post({ ...valid, firstName: 'Grace' })).status).toBe(200)
    const csv = await runCommand(config(), 'leads', { csv: true, limit: 10 })
    expect(csv.exitCode).toBe(0)
    expect(csv.output).toMatch(/^created_at,first_name,/)
    expect(csv.output).toContain(',Grace,Lovelace,Lovelace & Babbage LLP,6-50 employees,')
    const retry = await runCommand(config(), 'notify-retry', null)
    expect(retry).toEqual({ output: expect.stringContaining('RESEND_API_KEY'), exitCode: 1 })
    expect(await runCommand(config(), 'drop-table', null)).toMatchObject({ exitCode: 2 })
  })

  it('releases the folder on close, so commands open it directly', async () => {
    const before = await runCommand(config(), 'leads', { csv: true, limit: 10 })
    await server.close()
    const direct = await runCommand(config(), 'leads', { csv: true, limit: 10 })
    expect(direct).toEqual(before)
    server = await startLocalServer(config())
    expect(await server.leads.list(10)).toHaveLength(direct.output.split('\r\n').length - 2)
  })
})

// A built site of a few pages, each with an inline script or style, as the prerendered ones have.
async function writeSite(siteDir: string) {
  const page = (body: string) => `<!doctype html><html><head><script>${body}</script></head></html>`
  for (const [file, html] of [
    ['index.html', page('home()')],
    ['request-demo/index.html', page('form()')],
    ['console/index.html', `${page('console()')}<style>body{}</style>`],
    ['404.html', page('missing()')],
  ] as const) {
    await mkdir(join(siteDir, file, '..'), { recursive: true })
    await writeFile(join(siteDir, file), html)
  }
}

// Through node:http: fetch sends the Host of its URL and no other.
const getWithHost = (url: string, host: string | undefined) =>
  new Promise<{ status?: number; body: string }>((resolve, reject) => {
    const headers = host === undefined ? {} : { host }
    request(url, { headers, setHost: host !== undefined, agent: false }, async (reply) => {
      resolve({ status: reply.statusCode, body: (await buffer(reply)).toString() })
    })
      .once('error', reject)
      .end()
  })

describe('the local server, built', () => {
  let built: LocalServer
  let siteDir: string
  beforeAll(async () => {
    const settings = { ...config('built'), distDir: join(folder, 'built-dist') }
    siteDir = join(settings.distDir, 'site')
    await writeSite(siteDir)
    await migratedPgliteFolder(settings.dataDir)
    built = await startLocalServer({ ...settings, allowedHosts: ['demo.internal'] })
  }, 60_000)
  afterAll(() => built?.close())

  it("sends every page, the console's too, the hosted Content-Security-Policy: no framing", async () => {
    const hosted = /Content-Security-Policy: (.*)/.exec(hostingHeaders(siteDir))?.[1]
    expect(hosted).toContain("frame-ancestors 'none'")
    for (const path of ['/', '/request-demo', '/console', '/console?token_hash=a', '/missing']) {
      const reply = await fetch(`${built.url}${path}`)
      expect(reply.headers.get('content-type'), path).toMatch(/^text\/html/)
      expect(reply.headers.get('content-security-policy'), path).toBe(hosted)
      expect(reply.headers.get('x-content-type-options'), path).toBe('nosniff')
    }
    expect((await fetch(`${built.url}/console`)).headers.get('x-robots-tag')).toBe('noindex')
    expect((await fetch(`${built.url}/`)).headers.get('x-robots-tag')).toBeNull()
  })

  it('names the inline scripts of a build made while it runs', async () => {
    await writeFile(join(siteDir, 'console', 'index.html'), '<script>rebuilt()</script>')
    const policy = (await fetch(`${built.url}/console`)).headers.get('content-security-policy')
    expect(policy).toBe(/Content-Security-Policy: (.*)/.exec(hostingHeaders(siteDir))?.[1])
    await writeSite(siteDir)
  })

  it('refuses a request for a host name not its own, saying what to do', async () => {
    const port = new URL(built.url).port
    for (const path of ['/', '/console', '/auth/v1/settings', '/functions/v1/console/me']) {
      for (const host of [
        'evil.example',
        `evil.example:${port}`,
        `localhost:${Number(port) + 1}`,
      ]) {
        const refused = await getWithHost(`${built.url}${path}`, host)
        expect(refused.status, `${host}${path}`).toBe(421)
        expect(refused.body).toContain(`this request asked for "${host}"`)
        expect(refused.body).toContain('ALLOWED_HOSTS')
      }
    }
    // None at all: Node refuses it before the server sees it.
    expect((await getWithHost(`${built.url}/`, undefined)).status).toBe(400)
  })

  it('serves its own names on its port, and those ALLOWED_HOSTS adds on any', async () => {
    const port = new URL(built.url).port
    for (const host of [
      `localhost:${port}`,
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
      `LOCALHOST:${port}`,
      'demo.internal',
      'demo.internal:443',
    ]) {
      expect((await getWithHost(`${built.url}/console`, host)).status, host).toBe(200)
      expect((await getWithHost(`${built.url}/auth/v1/settings`, host)).status, host).toBe(200)
    }
  })
})
