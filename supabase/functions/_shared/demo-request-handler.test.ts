import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { sampleSubmission as valid } from '../../../tests/support/sample-lead.ts'
import { openTestPglite, type TestDatabase } from '../../../tests/support/test-database.ts'
import { createDemoRequestHandler, type HandlerDependencies } from './demo-request-handler.ts'
import type { DemoRequestStore } from './demo-request-store.ts'
import type { Notifier } from './notifier.ts'
import { createSqlDemoRequestStore } from './sql-demo-request-store.ts'

const functionUrl = 'http://localhost:3000/functions/v1/send-demo-request'
const partner = 'https://partner.example'

let test: TestDatabase
let store: DemoRequestStore
let clock: Date
let notified: string[]

beforeAll(async () => {
  test = await openTestPglite()
  store = createSqlDemoRequestStore(test.db)
}, 60_000)
afterAll(() => test.close())
beforeEach(async () => {
  await test.reset()
  clock = new Date('2026-03-01T10:00:00Z')
  notified = []
})

const recordingNotifier: Notifier = {
  async notify(lead) {
    notified.push(lead.id)
  },
}

function handler(overrides: Partial<HandlerDependencies> = {}) {
  return createDemoRequestHandler({
    store,
    notifier: recordingNotifier,
    allowedOrigins: [partner],
    rateLimit: { max: 5, windowSeconds: 600 },
    notifyTimeoutMs: 200,
    now: () => clock,
    log: () => {},
    ...overrides,
  })
}

function post(body: unknown, headers: Record<string, string> = {}) {
  return new Request(functionUrl, {
    method: 'POST',
    headers: { origin: partner, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

const rows = () => store.list(100)

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  // Without these the browser hides the error from the form.
  expect(response.headers.get('access-control-allow-origin')).toBe(partner)
  expect(response.headers.get('vary')).toBe('Origin')
  expect(response.headers.get('access-control-expose-headers')).toBe('Retry-After')
  const body = await response.json()
  expect(body).toMatchObject({ success: false, error: { code, message: expect.any(String) } })
  return body
}

describe('a valid submission', () => {
  it('is stored, notified and answered with its id', async () => {
    const response = await handler()(post(valid, { 'user-agent': 'Test\u0007Agent' }), {
      clientIp: '203.0.113.9',
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.headers.get('access-control-allow-origin')).toBe(partner)
    const body = await response.json()
    expect(body).toEqual({ success: true, requestId: expect.any(String) })
    const [row, ...others] = await rows()
    expect(others).toEqual([])
    expect(row).toMatchObject({
      id: body.requestId,
      ...valid,
      referrer: null,
      userAgent: 'TestAgent',
      isSpam: false,
      notificationStatus: 'sent',
    })
    expect(notified).toEqual([body.requestId])
  })

  it('is trimmed before it is stored', async () => {
    await handler()(post({ ...valid, firstName: '  Ada  ' }))
    expect((await rows())[0]?.firstName).toBe('Ada')
  })

  it('stays pending when no notifier is configured', async () => {
    const response = await handler({ notifier: null })(post(valid))
    expect(response.status).toBe(200)
    expect((await rows())[0]?.notificationStatus).toBe('pending')
  })
})

describe('origins and CORS', () => {
  it('answers a preflight from an allowed origin with 204 and the CORS headers', async () => {
    const response = await handler()(
      new Request(functionUrl, { method: 'OPTIONS', headers: { origin: partner } }),
    )
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe(partner)
    expect(response.headers.get('access-control-allow-methods')).toContain('POST')
    const allowed = response.headers.get('access-control-allow-headers')?.split(', ')
    for (const header of [
      'authorization',
      'x-client-info',
      'apikey',
      'content-type',
      'x-retry-count',
      'traceparent',
      'tracestate',
      'baggage',
      'idempotency-key',
    ]) {
      expect(allowed).toContain(header)
    }
  })

  it('refuses an origin outside the allow-list with 403, preflight or not', async () => {
    const evil = 'https://evil.example'
    for (const request of [
      new Request(functionUrl, { method: 'OPTIONS', headers: { origin: evil } }),
      post(valid, { origin: evil }),
    ]) {
      const response = await handler()(request)
      expect(response.status).toBe(403)
      expect(response.headers.get('access-control-allow-origin')).toBe(evil)
      expect((await response.json()).error.code).toBe('forbidden_origin')
    }
    expect(await rows()).toEqual([])
  })

  it('always allows its own origin, and requests without an origin', async () => {
    const own = await handler({ allowedOrigins: [] })(
      post(valid, { origin: 'http://localhost:3000' }),
    )
    expect(own.status).toBe(200)
    const request = post(valid)
    request.headers.delete('origin')
    expect((await handler({ allowedOrigins: [] })(request)).status).toBe(200)
  })
})

describe('malformed requests', () => {
  it('answers other methods with 405 and Allow', async () => {
    const response = await handler()(
      new Request(functionUrl, { method: 'GET', headers: { origin: partner } }),
    )
    await expectError(response, 405, 'method_not_allowed')
    expect(response.headers.get('allow')).toBe('POST, OPTIONS')
  })

  it('answers a body that is not JSON with 415', async () => {
    await expectError(
      await handler()(
        post('firstName=Ada', { 'content-type': 'application/x-www-form-urlencoded' }),
      ),
      415,
      'unsupported_media_type',
    )
  })

  it('answers a body over 16 KB with 413', async () => {
    const big = { ...valid, companyName: 'x'.repeat(17 * 1024) }
    await expectError(await handler()(post(big)), 413, 'payload_too_large')
  })

  it('stops reading an endless body at the cap', async () => {
    let pulled = 0
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1
        controller.enqueue(new Uint8Array(1024).fill(32))
      },
    })
    const request = new Request(functionUrl, {
      method: 'POST',
      headers: { origin: partner, 'content-type': 'application/json' },
      body: endless,
      duplex: 'half',
    } as RequestInit)
    await expectError(await handler()(request), 413, 'payload_too_large')
    expect(pulled).toBeLessThan(40)
  })

  it('answers malformed JSON and non-objects with 400', async () => {
    await expectError(await handler()(post('{"firstName":')), 400, 'invalid_json')
    await expectError(await handler()(post('[1,2]')), 400, 'invalid_body')
    await expectError(await handler()(post('"Ada"')), 400, 'invalid_body')
    await expectError(await handler()(post('null')), 400, 'invalid_body')
  })

  it('answers invalid fields with 400 and one spec message per field', async () => {
    const body = await expectError(
      await handler()(post({ firstName: ' ', companySize: 'huge' })),
      400,
      'invalid_fields',
    )
    expect(body.error.fields).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      companyName: 'Company name is required',
      companySize: 'Please select company size',
    })
    expect(await rows()).toEqual([])
  })

  it('answers an unusable idempotency key with 400', async () => {
    await expectError(
      await handler()(post(valid, { 'idempotency-key': 'x'.repeat(201) })),
      400,
      'invalid_idempotency_key',
    )
  })
})

describe('the rate limit', () => {
  it('answers 429 with Retry-After past the limit, per client and window', async () => {
    const limited = handler({ rateLimit: { max: 2, windowSeconds: 600 } })
    const from = (clientIp: string) => limited(post(valid), { clientIp })
    expect((await from('198.51.100.1')).status).toBe(200)
    clock = new Date('2026-03-01T10:01:00Z')
    expect((await from('198.51.100.1')).status).toBe(200)
    clock = new Date('2026-03-01T10:02:00Z')
    const refused = await from('198.51.100.1')
    await expectError(refused, 429, 'rate_limited')
    // The window runs from 10:00 to 10:10.
    expect(refused.headers.get('retry-after')).toBe('480')
    expect((await from('198.51.100.2')).status).toBe(200)
    clock = new Date('2026-03-01T10:10:00Z')
    expect((await from('198.51.100.1')).status).toBe(200)
    expect(await rows()).toHaveLength(4)
  })

  it('holds across handler instances sharing a database', async () => {
    const limit = { max: 1, windowSeconds: 60 }
    expect((await handler({ rateLimit: limit })(post(valid), { clientIp: 'a' })).status).toBe(200)
    expect((await handler({ rateLimit: limit })(post(valid), { clientIp: 'a' })).status).toBe(429)
  })
})

describe('the honeypot', () => {
  it('answers like a success, stores the lead as spam and never notifies', async () => {
    const response = await handler()(post({ ...valid, website: 'https://spam.example' }))
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body).toEqual({ success: true, requestId: expect.any(String) })
    expect(await rows()).toMatchObject([
      { id: body.requestId, isSpam: true, notificationStatus: 'skipped' },
    ])
    expect(notified).toEqual([])
  })
})

describe('idempotency', () => {
  it('answers a repeated key with the first answer and keeps one row', async () => {
    const send = () => handler()(post(valid, { 'idempotency-key': 'retry-1' }))
    const first = await (await send()).json()
    const again = await send()
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual(first)
    expect(await rows()).toHaveLength(1)
    expect(notified).toEqual([first.requestId])
  })

  it('keeps one row when two requests with the same key arrive together', async () => {
    const send = () => handler()(post(valid, { 'idempotency-key': 'together' }))
    const responses = await Promise.all([send(), send()])
    const bodies = await Promise.all(responses.map((response) => response.json()))
    expect(responses.map((response) => response.status)).toEqual([200, 200])
    expect(bodies[0]).toEqual(bodies[1])
    expect(await rows()).toHaveLength(1)
    expect(notified).toHaveLength(1)
  })
})

describe('a failing notifier', () => {
  it('never fails the request when it throws, and the lead is marked failed', async () => {
    const response = await handler({
      notifier: { notify: () => Promise.reject(new Error('email API down')) },
    })(post(valid))
    expect(response.status).toBe(200)
    expect(await rows()).toMatchObject([
      { notificationStatus: 'failed', notificationError: 'email API down' },
    ])
  })

  it('never holds the request longer than the timeout when it hangs', async () => {
    let aborted = false
    const hanging: Notifier = {
      notify: (_, signal) => {
        signal.addEventListener('abort', () => {
          aborted = true
        })
        return new Promise(() => {})
      },
    }
    const started = Date.now()
    const response = await handler({ notifier: hanging, notifyTimeoutMs: 150 })(post(valid))
    expect(response.status).toBe(200)
    expect(Date.now() - started).toBeLessThan(2000)
    expect(aborted).toBe(true)
    expect(await rows()).toMatchObject([{ notificationStatus: 'failed' }])
  })
})

describe('an unreachable database', () => {
  const secret = 'connect ECONNREFUSED 10.0.0.5:5432 select * from public.demo_requests'

  function flakyStore() {
    const state = { down: true }
    const guard =
      <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
      (...args: A) =>
        state.down ? Promise.reject(new Error(secret)) : call(...args)
    const flaky: DemoRequestStore = {
      insert: guard(store.insert),
      findIdByIdempotencyKey: guard(store.findIdByIdempotencyKey),
      countHit: guard(store.countHit),
      recordNotification: guard(store.recordNotification),
      listUnnotified: guard(store.listUnnotified),
      list: guard(store.list),
    }
    return { flaky, state }
  }

  it('answers 503 unavailable without leaking the error, then recovers', async () => {
    const { flaky, state } = flakyStore()
    const log = vi.fn()
    const serve = handler({ store: flaky, log })
    const response = await serve(post(valid, { 'idempotency-key': 'k' }))
    const body = await expectError(response, 503, 'unavailable')
    expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|select|5432/)
    expect(log).toHaveBeenCalled()
    expect(await rows()).toEqual([])
    state.down = false
    const retried = await serve(post(valid, { 'idempotency-key': 'k' }))
    expect(retried.status).toBe(200)
    expect(await rows()).toHaveLength(1)
  })
})
