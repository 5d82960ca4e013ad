import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { parseFormFields } from '#core/contact-fields.ts'
import {
  expectError,
  functionUrl,
  partner,
  post,
} from '../../../../tests/support/function-requests.ts'
import { sampleContact, sampleSubmission as valid } from '../../../../tests/support/sample-lead.ts'
import { solveProof } from '../../../../tests/support/solve-proof.ts'
import { openTestPglite, type TestDatabase } from '../../../../tests/support/test-database.ts'
import type { AbuseStore } from '../abuse/abuse-store.ts'
import { createProofGate } from '../abuse/proof-gate.ts'
import { createSqlAbuseStore } from '../abuse/sql-abuse-store.ts'
import { type PendingWork, trackPendingWork } from '../http/after-reply.ts'
import { createNotificationDispatcher } from '../notify/notification-dispatcher.ts'
import type { Notifier } from '../notify/notifier.ts'
import { createSqlNotificationStore } from '../notify/sql-notification-store.ts'
import { createDemoRequestHandler, type HandlerDependencies } from './demo-request-handler.ts'
import type { LeadStore } from './lead-store.ts'
import { createSqlLeadStore } from './sql-lead-store.ts'

let test: TestDatabase
let store: LeadStore
let abuse: AbuseStore
let clock: Date
let notified: string[]
let pending: PendingWork

beforeAll(async () => {
  test = await openTestPglite()
  store = createSqlLeadStore(test.db)
  abuse = createSqlAbuseStore(test.db)
}, 60_000)
afterAll(() => test.close())
beforeEach(async () => {
  await test.reset()
  clock = new Date('2026-03-01T10:00:00Z')
  notified = []
  pending = trackPendingWork()
})

const recordingNotifier: Notifier = {
  channel: 'email',
  async notify(lead) {
    notified.push(lead.id)
  },
  async notifyDigest(digest) {
    notified.push(`digest of ${digest.count}`)
  },
  async notifyBooking(booking) {
    notified.push(`${booking.notice} ${booking.bookingId}`)
  },
}

const dispatcherWith = (notifier: Notifier) =>
  createNotificationDispatcher({
    store: createSqlNotificationStore(test.db),
    notifiers: [notifier],
    timeoutMs: 2000,
    log: () => {},
  })

function handler(overrides: Partial<HandlerDependencies> = {}) {
  return createDemoRequestHandler({
    leads: store,
    clientKeySecret: abuse.clientKeySecret,
    dispatch: dispatcherWith(recordingNotifier).dispatch,
    afterReply: pending.afterReply,
    allowedOrigins: [partner],
    rateLimit: { max: 5, globalMax: 1000, windowSeconds: 600 },
    now: () => clock,
    log: () => {},
    ...overrides,
  })
}

const rows = () => store.list(100)

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
    await pending.settled()
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

  it('is answered while the notifier still works, and notified after the reply', async () => {
    const events: string[] = []
    let answer = () => {}
    const slow: Notifier = {
      channel: 'email',
      notifyDigest: () => Promise.reject(new Error('No digest is due here')),
      notifyBooking: () => Promise.reject(new Error('No booking is due here')),
      notify: () =>
        new Promise<void>((resolve) => {
          events.push('notifier called')
          answer = () => {
            events.push('notifier answered')
            resolve()
          }
        }),
    }
    const response = await handler({ dispatch: dispatcherWith(slow).dispatch })(post(valid))
    events.push('replied')
    expect(response.status).toBe(200)
    const { requestId } = await response.json()
    expect((await rows())[0]).toMatchObject({ id: requestId, notificationStatus: 'pending' })
    // The notifier is held until the test lets it answer, so it cannot have answered yet.
    expect(events).not.toContain('notifier answered')
    await vi.waitUntil(() => events.includes('notifier called'))
    answer()
    await pending.settled()
    expect(events.at(-1)).toBe('notifier answered')
    expect(events.indexOf('replied')).toBeLessThan(events.indexOf('notifier answered'))
    expect((await rows())[0]?.notificationStatus).toBe('sent')
  })
})

describe('the contact fields (DEMO_REQUEST_FIELDS)', () => {
  const withFields = (setting: string) => handler({ fields: parseFormFields(setting) })

  it('stores each one, and the phone number as E.164 beside it as typed', async () => {
    const response = await withFields('email,phone,role,message')(
      post({ ...valid, ...sampleContact }),
    )
    const { requestId } = await response.json()
    expect(response.status).toBe(200)
    const [row] = await rows()
    expect(row).toMatchObject({ id: requestId, ...sampleContact, phoneE164: '+442079460000' })
  })

  it('stores an optional one left out as no value', async () => {
    expect((await withFields('email?,phone?')(post(valid))).status).toBe(200)
    expect(await rows()).toMatchObject([{ email: null, phone: null, phoneE164: null }])
  })

  it('answers 400 naming a required field that did not come, whatever the widget was built with', async () => {
    const body = await expectError(await withFields('email')(post(valid)), 400, 'invalid_fields')
    expect(body.error.fields).toEqual({ email: 'Work email is required' })
    expect(await rows()).toEqual([])
  })

  it('answers 400 for a contact field the function does not collect, rather than drop it', async () => {
    const body = await expectError(
      await handler()(post({ ...valid, email: sampleContact.email })),
      400,
      'invalid_fields',
    )
    expect(body.error.fields).toEqual({
      email: expect.stringContaining('list it in DEMO_REQUEST_FIELDS'),
    })
    expect(await rows()).toEqual([])
  })
})

describe('a request refused while reading', () => {
  it('gets the refusal and stores nothing', async () => {
    const refused = await handler()(post(valid, { origin: 'https://evil.example' }))
    expect(refused.status).toBe(403)
    await expectError(
      await handler()(post({ firstName: ' ', companySize: 'huge' })),
      400,
      'invalid_fields',
    )
    expect(await rows()).toEqual([])
  })

  it('allows the subdomains a pattern names, and refuses the bare domain', async () => {
    const byPattern = handler({ allowedOrigins: ['https://*.partner.example'] })
    const allowed = await byPattern(post(valid, { origin: 'https://shop.partner.example' }))
    expect(allowed.status).toBe(200)
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://shop.partner.example')
    for (const origin of ['https://partner.example', 'https://evilpartner.example']) {
      const refused = await byPattern(post(valid, { origin }))
      expect(refused.status).toBe(403)
      expect(refused.headers.get('access-control-allow-origin')).toBeNull()
    }
    expect(await rows()).toHaveLength(1)
  })

  it('logs a refused origin once, naming the setting to change', async () => {
    const log = vi.fn()
    const refusing = handler({ log })
    const preflight = new Request(functionUrl, {
      method: 'OPTIONS',
      headers: { origin: 'https://new-partner.example' },
    })
    expect((await refusing(preflight)).status).toBe(403)
    expect((await refusing(post(valid, { origin: 'https://new-partner.example' }))).status).toBe(
      403,
    )
    expect(log.mock.calls).toEqual([
      ['send-demo-request refused origin https://new-partner.example: add it to ALLOWED_ORIGINS'],
    ])
  })

  it('is capped at 16 KB unless told otherwise', async () => {
    const big = { ...valid, companyName: 'x'.repeat(17 * 1024) }
    await expectError(await handler()(post(big)), 413, 'payload_too_large')
  })

  it('answers 500 without detail when the body cannot be read', async () => {
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error('connection reset'))
      },
    })
    const request = new Request(functionUrl, {
      method: 'POST',
      headers: { origin: partner, 'content-type': 'application/json' },
      body: broken,
      duplex: 'half',
    } as RequestInit)
    const log = vi.fn()
    const body = await expectError(await handler({ log })(request), 500, 'internal')
    expect(JSON.stringify(body)).not.toMatch(/connection reset/)
    expect(log).toHaveBeenCalledWith('The demo-request handler failed', expect.any(Error))
  })
})

describe('the rate limit', () => {
  it('answers 429 with Retry-After past the limit', async () => {
    const limited = handler({ rateLimit: { max: 1, globalMax: 1000, windowSeconds: 600 } })
    expect((await limited(post(valid), { clientIp: 'a' })).status).toBe(200)
    clock = new Date('2026-03-01T10:02:00Z')
    const refused = await limited(post(valid), { clientIp: 'a' })
    await expectError(refused, 429, 'rate_limited')
    // The window runs from 10:00 to 10:10.
    expect(refused.headers.get('retry-after')).toBe('480')
  })

  it('holds across handler instances sharing a database', async () => {
    const limit = { max: 1, globalMax: 1000, windowSeconds: 60 }
    expect((await handler({ rateLimit: limit })(post(valid), { clientIp: 'a' })).status).toBe(200)
    expect((await handler({ rateLimit: limit })(post(valid), { clientIp: 'a' })).status).toBe(429)
  })
})

describe('idempotency', () => {
  it('answers a repeated key with the first answer', async () => {
    const send = () => handler()(post(valid, { 'idempotency-key': 'retry-1' }))
    const first = await (await send()).json()
    const again = await send()
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual(first)
    expect(await rows()).toHaveLength(1)
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
    const flaky: LeadStore = {
      accept: guard(store.accept),
      list: guard(store.list),
      count: guard(store.count),
    }
    return { flaky, clientKeySecret: guard(abuse.clientKeySecret), state }
  }

  it('answers 503 unavailable without leaking the error, then recovers', async () => {
    const { flaky, clientKeySecret, state } = flakyStore()
    const log = vi.fn()
    const serve = handler({ leads: flaky, clientKeySecret, log })
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

describe('without proof of work', () => {
  it('answers a GET with no challenge, so the widget posts without one', async () => {
    const response = await handler()(new Request(functionUrl, { headers: { origin: partner } }))
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe(partner)
    expect(await response.json()).toEqual({ success: true, challenge: null })
  })
})

describe('with proof of work', () => {
  const gated = (rateLimit = { max: 5, globalMax: 1000, windowSeconds: 600 }) =>
    handler({
      rateLimit,
      proofOfWork: createProofGate({
        abuse,
        rateLimit,
        bits: { min: 4, max: 8 },
      }),
    })
  const challenge = async () => {
    const response = await gated()(new Request(functionUrl, { headers: { origin: partner } }))
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe(partner)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = (await response.json()) as { success: boolean; challenge: string }
    expect(body.success).toBe(true)
    return body.challenge
  }

  it('hands out a challenge on GET, and stores a lead that carries it solved', async () => {
    const proof = solveProof(await challenge())
    const response = await gated()(
      post(valid, { 'idempotency-key': 'k-1', 'proof-of-work': proof }),
    )
    expect(response.status).toBe(200)
    expect(await rows()).toHaveLength(1)
  })

  it('refuses a lead without a proof, with an unsolved one, or one already spent; stores none of them', async () => {
    await expectError(await gated()(post(valid)), 403, 'proof_of_work_invalid')
    const unsolved = solveProof(await challenge(), false)
    await expectError(
      await gated()(post(valid, { 'proof-of-work': unsolved })),
      403,
      'proof_of_work_invalid',
    )
    expect(await rows()).toEqual([])

    const proof = solveProof(await challenge())
    const first = await gated()(post(valid, { 'idempotency-key': 'k-1', 'proof-of-work': proof }))
    const again = await gated()(post(valid, { 'idempotency-key': 'k-2', 'proof-of-work': proof }))
    expect(first.status).toBe(200)
    await expectError(again, 403, 'proof_of_work_invalid')
    expect(await rows()).toHaveLength(1)
  })

  it('stores a lead beyond the global limit, holding its notification for the digest', async () => {
    const limit = { max: 5, globalMax: 1, windowSeconds: 600 }
    const send = async (clientIp: string) => {
      const proof = solveProof(await challenge())
      return gated(limit)(post(valid, { 'proof-of-work': proof }), { clientIp })
    }
    expect((await send('203.0.113.1')).status).toBe(200)
    // A crowd has used the window up; a visitor with a proof is still let in.
    const visitor = await send('203.0.113.2')
    expect(visitor.status).toBe(200)
    const { requestId } = await visitor.json()
    await pending.settled()
    expect(notified).toHaveLength(1)
    expect(notified).not.toContain(requestId)
    const held = (await rows()).find((row) => row.id === requestId)
    expect(held).toMatchObject({
      notificationStatus: 'held',
      heldUntil: new Date('2026-03-01T10:10:00Z'),
    })
    // Without proofs nothing else stops a flood: the limit refuses, as before.
    await expectError(await handler({ rateLimit: limit })(post(valid)), 429, 'rate_limited')
  })

  it('answers a retried POST, same key and same proof, as the first and stores it once', async () => {
    const proof = solveProof(await challenge())
    const send = () =>
      gated()(post(valid, { 'idempotency-key': 'k-1', 'proof-of-work': proof })).then((r) =>
        r.json(),
      )
    const first = await send()
    expect(await send()).toEqual(first)
    expect(await rows()).toHaveLength(1)
  })

  it('answers 503 when the database cannot check the proof', async () => {
    const broken = handler({
      proofOfWork: createProofGate({
        abuse: { ...abuse, clientKeySecret: () => Promise.reject(new Error('down')) },
        rateLimit: { max: 5, globalMax: 1000, windowSeconds: 600 },
        bits: { min: 4, max: 8 },
      }),
    })
    const proof = solveProof(await challenge())
    await expectError(await broken(post(valid, { 'proof-of-work': proof })), 503, 'unavailable')
    await expectError(
      await broken(new Request(functionUrl, { headers: { origin: partner } })),
      503,
      'unavailable',
    )
  })
})
