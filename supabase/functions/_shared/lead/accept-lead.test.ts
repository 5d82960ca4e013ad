import { createHash, createHmac } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DemoRequestSubmission } from '#core/demo-request-schema.ts'
import { sampleSubmission } from '../../../../tests/support/sample-lead.ts'
import { openTestPglite, type TestDatabase } from '../../../../tests/support/test-database.ts'
import { createSqlAbuseStore } from '../abuse/sql-abuse-store.ts'
import { type PendingWork, trackPendingWork } from '../http/after-reply.ts'
import type { IncomingLead } from './accept-lead.ts'
import { type AcceptLeadDependencies, acceptLead, type LeadOutcome } from './accept-lead.ts'
import type { LeadStore } from './lead-store.ts'
import { createSqlLeadStore } from './sql-lead-store.ts'

const valid: DemoRequestSubmission = sampleSubmission

let test: TestDatabase
let store: LeadStore
let clientKeySecret: (windowStart: Date) => Promise<string>
let clock: Date
let dispatched: string[]
let pending: PendingWork

beforeAll(async () => {
  test = await openTestPglite()
  store = createSqlLeadStore(test.db)
  clientKeySecret = createSqlAbuseStore(test.db).clientKeySecret
}, 60_000)
afterAll(() => test.close())
beforeEach(async () => {
  await test.reset()
  clock = new Date('2026-03-01T10:00:00Z')
  dispatched = []
  pending = trackPendingWork()
})

function deps(overrides: Partial<AcceptLeadDependencies> = {}): AcceptLeadDependencies {
  return {
    leads: store,
    clientKeySecret,
    async dispatch(id) {
      dispatched.push(id)
    },
    afterReply: pending.afterReply,
    rateLimit: { max: 5, globalMax: 100, windowSeconds: 600 },
    now: () => clock,
    log: () => {},
    ...overrides,
  }
}

function incoming(overrides: Partial<IncomingLead> = {}): IncomingLead {
  return { submission: valid, idempotencyKey: null, userAgent: null, ...overrides }
}

const rows = () => store.list(100)

function idOf(outcome: LeadOutcome): string {
  if (!('requestId' in outcome)) throw new Error(`Expected an id, got ${JSON.stringify(outcome)}`)
  return outcome.requestId
}

describe('a new lead', () => {
  it('goes to the person of the first LEAD_OWNER_RULES rule it meets, who is on the staff', async () => {
    const dana = '00000000-0000-4000-8000-0000000000d1'
    await test.db.query(
      "insert into public.console_staff (user_id, email, role) values ($1, 'dana@firm.example', 'sales')",
      [dana],
    )
    const ownerRules = [{ when: { companySize: [valid.companySize] }, owner: 'Dana@firm.example' }]
    const outcome = await acceptLead(incoming(), '203.0.113.9', deps({ ownerRules }))
    const [row] = await rows()
    expect(row).toMatchObject({ id: idOf(outcome), ownerId: dana })
    expect(row?.owner).toEqual({ email: 'dana@firm.example', name: null })
  })

  it('is stored, answered with its id and handed over for notifying', async () => {
    const outcome = await acceptLead(
      incoming({ userAgent: 'Test\u0007Agent' }),
      '203.0.113.9',
      deps(),
    )
    expect(outcome).toEqual({ requestId: expect.any(String), routeRule: null })
    const [row, ...others] = await rows()
    expect(others).toEqual([])
    expect(row).toMatchObject({
      id: idOf(outcome),
      ...valid,
      referrer: null,
      userAgent: 'TestAgent',
      isSpam: false,
      notificationStatus: 'pending',
    })
    expect(dispatched).toEqual([idOf(outcome)])
  })

  it('is answered before its notification ends, which runs on after the reply', async () => {
    let finish = () => {}
    const notifying = new Promise<void>((resolve) => {
      finish = resolve
    })
    let finished = false
    const dispatch = async () => {
      await notifying
      finished = true
    }
    const outcome = await acceptLead(incoming(), null, deps({ dispatch }))
    // The reply is here while the notification is still under way.
    expect(outcome).toHaveProperty('requestId')
    expect(finished).toBe(false)
    finish()
    await pending.settled()
    expect(finished).toBe(true)
  })
})

describe('the rate limit', () => {
  it('asks to wait past the limit, per client and window', async () => {
    const from = (clientIp: string) =>
      acceptLead(
        incoming(),
        clientIp,
        deps({ rateLimit: { max: 2, globalMax: 100, windowSeconds: 600 } }),
      )
    expect(await from('198.51.100.1')).toHaveProperty('requestId')
    clock = new Date('2026-03-01T10:01:00Z')
    expect(await from('198.51.100.1')).toHaveProperty('requestId')
    clock = new Date('2026-03-01T10:02:00Z')
    // The window runs from 10:00 to 10:10.
    expect(await from('198.51.100.1')).toEqual({ retryAfterSeconds: 480 })
    expect(await from('198.51.100.2')).toHaveProperty('requestId')
    clock = new Date('2026-03-01T10:10:00Z')
    expect(await from('198.51.100.1')).toHaveProperty('requestId')
    expect(await rows()).toHaveLength(4)
  })

  it('asks everyone to wait once all clients together reach the global cap', async () => {
    const limit = { max: 5, globalMax: 3, windowSeconds: 600 }
    const from = (clientIp: string) => acceptLead(incoming(), clientIp, deps({ rateLimit: limit }))
    for (const address of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
      expect(await from(address)).toHaveProperty('requestId')
    }
    // A new address each time cannot get past it, nor make the tables grow.
    expect(await from('192.0.2.4')).toEqual({ retryAfterSeconds: 600 })
    expect(await from('192.0.2.5')).toEqual({ retryAfterSeconds: 600 })
    const windows = await test.db.query('select * from public.demo_request_rate_limits')
    expect(windows).toHaveLength(3)
    expect(await rows()).toHaveLength(3)
  })

  it('counts an IPv6 /64 as one client, or the prefix the settings give', async () => {
    const from = (clientIp: string, ipv6Prefix?: number) =>
      acceptLead(
        incoming(),
        clientIp,
        deps({ rateLimit: { max: 2, globalMax: 100, windowSeconds: 600, ipv6Prefix } }),
      )
    expect(await from('2001:db8:7:1::1')).toHaveProperty('requestId')
    expect(await from('2001:db8:7:1:abcd::2')).toHaveProperty('requestId')
    expect(await from('2001:db8:7:1:ffff:ffff:ffff:ffff')).toEqual({ retryAfterSeconds: 600 })
    expect(await from('2001:db8:7:2::1')).toHaveProperty('requestId')
    // A /48 takes in every /64 above, with a count of its own.
    expect(await from('2001:db8:7:3::1', 48)).toHaveProperty('requestId')
    expect(await from('2001:db8:7:4::1', 48)).toHaveProperty('requestId')
    expect(await from('2001:db8:7:5::1', 48)).toEqual({ retryAfterSeconds: 600 })
  })

  it('stores a keyed hash of the address, not the address or its plain SHA-256', async () => {
    await acceptLead(incoming(), '203.0.113.9', deps())
    const [stored] = await test.db.query<{ client_key: string; secret: string }>(
      `select l.client_key, s.secret from public.demo_request_rate_limits l
       join public.demo_request_client_key_secrets s
         on l.window_start >= s.valid_from and l.window_start < s.valid_until`,
    )
    expect(stored?.client_key).toBe(
      createHmac('sha256', stored?.secret ?? '')
        .update('203.0.113.9')
        .digest('hex'),
    )
    expect(stored?.client_key).not.toBe(createHash('sha256').update('203.0.113.9').digest('hex'))
  })

  it("keeps a client's count across the daily rotation: a window keeps its first day's secret", async () => {
    // Five-hour windows: the one from 22:00 runs past midnight, into the next secret's day.
    const limit = { max: 2, globalMax: 100, windowSeconds: 5 * 3600 }
    const from = () => acceptLead(incoming(), '198.51.100.7', deps({ rateLimit: limit }))
    clock = new Date('2026-02-28T23:00:00Z')
    expect(await from()).toHaveProperty('requestId')
    expect(await from()).toHaveProperty('requestId')
    clock = new Date('2026-03-01T00:30:00Z')
    expect(await from()).toEqual({ retryAfterSeconds: 9000 })
    clock = new Date('2026-03-01T03:00:00Z')
    expect(await from()).toHaveProperty('requestId')
    const keys = await test.db.query<{ client_key: string; hits: number }>(
      'select client_key, hits from public.demo_request_rate_limits order by window_start',
    )
    expect(keys.map((key) => key.hits)).toEqual([3, 1])
    // The next window is the new day's: the same address, another key.
    expect(keys[1]?.client_key).not.toBe(keys[0]?.client_key)
  })

  it('does not count a retry of a stored lead', async () => {
    const limit = { max: 1, globalMax: 100, windowSeconds: 600 }
    const send = () =>
      acceptLead(incoming({ idempotencyKey: 'once' }), '192.0.2.9', deps({ rateLimit: limit }))
    const first = await send()
    expect(await send()).toEqual(first)
    expect(await send()).toEqual(first)
  })
})

describe('the honeypot', () => {
  it('is answered like a person, stored as spam and never notified', async () => {
    const outcome = await acceptLead(
      incoming({ submission: { ...valid, website: 'https://spam.example' } }),
      null,
      deps(),
    )
    expect(outcome).toEqual({ requestId: expect.any(String), routeRule: null })
    expect(await rows()).toMatchObject([
      { id: idOf(outcome), isSpam: true, notificationStatus: 'skipped' },
    ])
    expect(dispatched).toEqual([])
  })
})

describe('idempotency', () => {
  it('answers a repeated key with the first id and keeps one row', async () => {
    const send = () => acceptLead(incoming({ idempotencyKey: 'retry-1' }), null, deps())
    const first = await send()
    expect(await send()).toEqual(first)
    expect(await rows()).toHaveLength(1)
    expect(dispatched).toEqual([idOf(first)])
  })

  it('keeps one row when two leads with the same key arrive together', async () => {
    const send = () => acceptLead(incoming({ idempotencyKey: 'together' }), null, deps())
    const [first, second] = await Promise.all([send(), send()])
    expect(first).toHaveProperty('requestId')
    expect(second).toEqual(first)
    expect(await rows()).toHaveLength(1)
    expect(dispatched).toHaveLength(1)
  })
})

describe('a failing store', () => {
  it('throws its error for the caller to answer', async () => {
    const down = () => Promise.reject(new Error('connect ECONNREFUSED'))
    const broken: LeadStore = { ...store, accept: down }
    await expect(acceptLead(incoming(), null, deps({ leads: broken }))).rejects.toThrow(
      'ECONNREFUSED',
    )
  })
})
