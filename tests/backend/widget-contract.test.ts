// The widget's own client (src/submission/send-demo-request.ts) against the function: what the form
// receives for a success and for each error the function can give.
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { FunctionsClient } from '@supabase/functions-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DemoRequestSubmission } from '#core/demo-request-schema.ts'
import { formCopy } from '#core/form-copy.ts'
import { createUnavailableStores } from '#shared/config/unavailable-stores.ts'
import {
  createDemoRequestHandler,
  type HandlerDependencies,
} from '#shared/lead/demo-request-handler.ts'
import { readBackendConfig } from '../../server/config.ts'
import { type LocalServer, startLocalServer } from '../../server/local-server.ts'
import {
  createFunctionsClient,
  type FunctionsInvoker,
} from '../../src/submission/functions-client.ts'
import {
  demoRequestProofs,
  type SendOptions,
  sendDemoRequest,
} from '../../src/submission/send-demo-request.ts'
import { migratedPgliteFolder } from '../support/pglite-folder.ts'
import { sampleLead } from '../support/sample-lead.ts'
import { scratchFolder } from '../support/scratch-folder.ts'

const submission: DemoRequestSubmission = { ...sampleLead, source: 'contract-test' }

// As the form sends: with a proof of work fetched and solved through the same client.
const send = (functions: FunctionsInvoker, body: DemoRequestSubmission, options: SendOptions) =>
  sendDemoRequest(functions, body, { ...options, proofs: demoRequestProofs(functions) })

let folder: string
let server: LocalServer

beforeAll(async () => {
  folder = await scratchFolder('demo-request-contract-')
  server = await startLocalServer({
    ...readBackendConfig({}),
    dataDir: await migratedPgliteFolder(join(folder, 'pglite')),
    distDir: join(folder, 'dist'),
    port: 0,
    rateLimit: { max: 1000, globalMax: 1000, windowSeconds: 60 },
    // The widget solves its challenges for real: cheap ones, so the tests stay quick.
    proofOfWork: { min: 4, max: 8 },
  })
}, 60_000)
afterAll(async () => {
  await server?.close()
  await rm(folder, { recursive: true, force: true })
})

describe('the widget client against the local server', () => {
  const functions = () => createFunctionsClient(server.url, 'local-anon-key')

  it('succeeds with the stored request id', async () => {
    const result = await send(functions(), submission, {
      idempotencyKey: crypto.randomUUID(),
    })
    expect(result).toEqual({ ok: true, requestId: expect.any(String) })
    const leads = await server.leads.list(100)
    expect(leads.find((lead) => result.ok && lead.id === result.requestId)).toMatchObject({
      firstName: sampleLead.firstName,
      source: 'contract-test',
    })
  })

  it('stores where the lead came from: source, page, referrer and campaign', async () => {
    const attributed: DemoRequestSubmission = {
      ...submission,
      pageUrl: 'https://partner.example/contact?utm_campaign=injury-2026',
      referrer: 'https://search.example/',
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'injury-2026',
      utmTerm: 'legal ai',
      utmContent: 'banner-a',
    }
    const result = await send(functions(), attributed, {
      idempotencyKey: crypto.randomUUID(),
    })
    const leads = await server.leads.list(100)
    expect(leads.find((lead) => result.ok && lead.id === result.requestId)).toMatchObject({
      source: 'contract-test',
      pageUrl: attributed.pageUrl,
      referrer: 'https://search.example/',
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'injury-2026',
      utmTerm: 'legal ai',
      utmContent: 'banner-a',
    })
  })

  it('gets the same id back when it retries with the same key', async () => {
    const idempotencyKey = crypto.randomUUID()
    const first = await send(functions(), submission, { idempotencyKey })
    const again = await send(functions(), submission, { idempotencyKey })
    expect(again).toEqual(first)
  })

  it('sends only headers the preflight allows', async () => {
    const sent: Headers[] = []
    const recording = new FunctionsClient(`${server.url}/functions/v1`, {
      headers: { apikey: 'local-anon-key', Authorization: 'Bearer local-anon-key' },
      customFetch: (input, init) => {
        sent.push(new Headers(init?.headers))
        return fetch(input, init)
      },
    })
    await send(recording, submission, { idempotencyKey: crypto.randomUUID() })
    const preflight = await fetch(`${server.url}/functions/v1/send-demo-request`, {
      method: 'OPTIONS',
      headers: { origin: server.url },
    })
    const allowed = preflight.headers.get('access-control-allow-headers')?.split(', ') ?? []
    // The GET for the challenge, then the POST carrying it solved.
    expect(sent).toHaveLength(2)
    const names = sent.flatMap((headers) => [...headers.keys()])
    expect(names).toContain('idempotency-key')
    expect(names).toContain('proof-of-work')
    for (const name of names) expect(allowed).toContain(name)
  })
})

describe('the widget client against a function that checks keys, as deployed', () => {
  const publishableKey = 'sb_publishable_contract'
  const legacyAnonKey = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.bGVnYWN5'
  let checking: LocalServer
  beforeAll(async () => {
    checking = await startLocalServer({
      ...readBackendConfig({
        SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: publishableKey }),
        SUPABASE_ANON_KEY: legacyAnonKey,
      }),
      dataDir: await migratedPgliteFolder(join(folder, 'checking')),
      distDir: join(folder, 'dist'),
      port: 0,
    })
  }, 60_000)
  afterAll(() => checking?.close())
  const sendWith = (key: string) =>
    send(createFunctionsClient(checking.url, key), submission, {
      idempotencyKey: crypto.randomUUID(),
    })

  it("succeeds with the project's publishable key", async () => {
    expect(await sendWith(publishableKey)).toEqual({ ok: true, requestId: expect.any(String) })
  })

  // The headers as the server receives them: the widget's client over real HTTP.
  async function headersSentWith(key: string) {
    const original = globalThis.fetch
    const sent: Headers[] = []
    globalThis.fetch = (input, init) => {
      sent.push(new Request(input, init).headers)
      return original(input, init)
    }
    try {
      const result = await sendWith(key)
      expect(result).toEqual({ ok: true, requestId: expect.any(String) })
    } finally {
      globalThis.fetch = original
    }
    return sent[0]
  }

  it('sends a publishable key in apikey only, and the server takes it there', async () => {
    const headers = await headersSentWith(publishableKey)
    expect(headers?.get('apikey')).toBe(publishableKey)
    expect(headers?.has('authorization')).toBe(false)
  })

  it('sends a legacy anon key in apikey and as the bearer token, and the server takes it', async () => {
    const headers = await headersSentWith(legacyAnonKey)
    expect(headers?.get('apikey')).toBe(legacyAnonKey)
    expect(headers?.get('authorization')).toBe(`Bearer ${legacyAnonKey}`)
  })

  it('fails as a server failure, not a network one, without it or with another', async () => {
    expect(await sendWith('')).toMatchObject({ ok: false, kind: 'server' })
    expect(await sendWith('sb_publishable_other')).toMatchObject({ ok: false, kind: 'server' })
  })
})

describe('each error as the widget receives it', () => {
  // The client's fetch goes straight to a handler, so every failure can be staged. Copies of
  // the replies are kept, since the client reads their bodies itself.
  const replies = new Map<FunctionsClient, Response>()
  function clientFor(deps: Partial<HandlerDependencies> = {}, origin?: string) {
    const handler = createDemoRequestHandler({
      leads: server.leads,
      clientKeySecret: server.abuse.clientKeySecret,
      dispatch: async () => {},
      allowedOrigins: ['https://partner.example'],
      rateLimit: { max: 1000, globalMax: 1000, windowSeconds: 60 },
      log: () => {},
      ...deps,
    })
    const client: FunctionsClient = new FunctionsClient('http://function.test/functions/v1', {
      customFetch: async (input, init) => {
        const request = new Request(input, init)
        if (origin) request.headers.set('origin', origin)
        const reply = await handler(request, { clientIp: '192.0.2.1' })
        replies.set(client, reply.clone())
        return reply
      },
    })
    return client
  }
  // A handler that asks no proof of work: each error here is judged on its own.
  const send = (functions: FunctionsClient, body = submission) =>
    sendDemoRequest(functions, body, { idempotencyKey: crypto.randomUUID() })

  it('invalid fields: a server failure carrying one required message per field (docs/requirements.md#validation)', async () => {
    const result = await send(clientFor(), {
      ...submission,
      firstName: '',
      companySize: '' as DemoRequestSubmission['companySize'],
    })
    expect(result).toMatchObject({
      ok: false,
      kind: 'server',
      fields: {
        firstName: formCopy.messages.firstName.required,
        companySize: formCopy.messages.companySize.required,
      },
    })
  })

  it('too large, rate limited, forbidden origin, unavailable: server failures', async () => {
    const limited = clientFor({
      rateLimit: { max: 1, globalMax: 1000, windowSeconds: 60 },
      now: () => new Date(0),
    })
    await send(limited)
    const cases: [FunctionsClient, number, string, DemoRequestSubmission?][] = [
      [clientFor(), 413, 'payload_too_large', { ...submission, companyName: 'x'.repeat(20_000) }],
      [limited, 429, 'rate_limited'],
      [clientFor({}, 'https://evil.example'), 403, 'forbidden_origin'],
      [clientFor({ leads: createUnavailableStores().leads }), 503, 'unavailable'],
    ]
    for (const [client, status, code, body] of cases) {
      expect(await send(client, body)).toMatchObject({ ok: false, kind: 'server' })
      const reply = replies.get(client)
      expect(reply?.status).toBe(status)
      expect(reply?.headers.get('content-type')).toMatch(/^application\/json/)
      expect(await reply?.json()).toMatchObject({
        success: false,
        error: { code, message: expect.any(String) },
      })
    }
  })

  it('a honeypot hit: reported as a success, like a person’s', async () => {
    expect(await send(clientFor(), { ...submission, website: 'http://spam.example' })).toEqual({
      ok: true,
      requestId: expect.any(String),
    })
  })

  it('no server at all: a network failure', async () => {
    const nowhere = createFunctionsClient('http://127.0.0.1:9', 'local-anon-key')
    expect(await send(nowhere as FunctionsClient)).toMatchObject({ ok: false, kind: 'network' })
  })
})
