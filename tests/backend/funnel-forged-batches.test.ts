// A script on an allowed page can post whatever it likes to the events endpoint. Whatever it
// posts, the answer is 204 or a 4xx naming the rule broken with nothing counted, never a 5xx;
// no batch adds a send or a booking; and one client moves views and starts by at most
// ANALYTICS_CLIENT_MAX in a window. Checked with 300 batches fast-check makes up, on PGlite and
// on PostgreSQL 15.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messageCodes } from '#core/demo-request-schema.ts'
import { funnelEventNames } from '#core/funnel-events.ts'
import { formFieldNames } from '#core/lead-fields.ts'
import { createSqlFunnelStore } from '#shared/analytics/sql-funnel-store.ts'
import { createConfiguredHandler } from '#shared/config/configured-handler.ts'
import { configDefaults, readFunctionConfig } from '#shared/config/function-config.ts'
import { createSqlStores } from '#shared/config/sql-stores.ts'
import type { DemoRequestHandler } from '#shared/lead/demo-request-handler.ts'
import { calWebhookBody, signCalWebhook } from '../support/booking-webhooks.ts'
import { functionUrl, partner, post } from '../support/function-requests.ts'
import { nastyText } from '../support/nasty-text.ts'
import { sampleSubmission } from '../support/sample-lead.ts'
import { type TestDatabase, testDatabases } from '../support/test-database.ts'

const runs = 300
const clientMax = configDefaults.analyticsClientMax
const page = `${partner}/contact`
const apiKey = 'sb_publishable_forged'
const calSecret = 'forged-batches-cal-secret'
// One client, one window: every batch counts against the same limit.
const clientIp = '203.0.113.66'
const now = new Date('2027-05-04T10:01:00Z')

// --- What a forged batch is made of. ---

const anyValue = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  nastyText,
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
)
const eventName = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...funnelEventNames) },
  { weight: 1, arbitrary: fc.constantFrom('view', 'Shown', 'sent ', '__proto__', '') },
  { weight: 1, arbitrary: anyValue },
)
const event = fc.record(
  {
    event: eventName,
    field: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...formFieldNames) },
      { weight: 1, arbitrary: fc.constantFrom('website', 'password', 'pageUrl') },
      { weight: 1, arbitrary: anyValue },
    ),
    code: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...messageCodes) },
      { weight: 1, arbitrary: fc.constantFrom('1', 'sent', 'booked') },
      { weight: 1, arbitrary: anyValue },
    ),
    visitorId: fc.uuid(),
  },
  { requiredKeys: [] },
)
// Mostly `shown` and `started`, the counts a script would most like to inflate.
const inflating = fc.constantFrom({ event: 'shown' }, { event: 'started' }, { event: 'sent' })
const batch = fc.record(
  {
    source: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom('partner-acme', '') },
      { weight: 1, arbitrary: nastyText },
      { weight: 1, arbitrary: anyValue },
    ),
    page: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(page, `${page}?q=1#x`, `${partner}/`) },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          'https://elsewhere.example/contact',
          partner,
          'HTTPS://PARTNER.EXAMPLE/contact',
          'javascript:alert(1)',
          `${partner}/${'p'.repeat(1200)}`,
        ),
      },
      { weight: 1, arbitrary: anyValue },
    ),
    events: fc.oneof(
      { weight: 4, arbitrary: fc.array(fc.oneof(inflating, event), { maxLength: 8 }) },
      { weight: 1, arbitrary: fc.array(inflating, { minLength: 40, maxLength: 70 }) },
      { weight: 1, arbitrary: anyValue },
    ),
    sessionId: fc.uuid(),
  },
  { requiredKeys: [] },
)

// What the widget would send, so many cases reach the counters and the limit.
const wellFormed = fc
  .tuple(
    fc.subarray([{ event: 'shown' }, { event: 'started' }]),
    fc.array(
      fc.oneof(
        fc.constantFrom({ event: 'send-tried' }, { event: 'not-now' }, { event: 'booking-shown' }),
        fc
          .tuple(fc.constantFrom(...formFieldNames), fc.constantFrom(...messageCodes))
          .map(([field, code]) => ({ event: 'field-error', field, code })),
      ),
      { maxLength: 6 },
    ),
  )
  .map(([once, more]) => ({ source: 'partner-acme', page, events: [...once, ...more] }))
  .filter((value) => value.events.length > 0)

type Body = string | { bytes: number[] }
const body: fc.Arbitrary<Body> = fc.oneof(
  { weight: 6, arbitrary: wellFormed.map((value) => JSON.stringify(value)) },
  { weight: 12, arbitrary: batch.map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: fc.json({ maxDepth: 4 }) },
  {
    weight: 1,
    arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => ({ bytes: [...bytes] })),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 1, max: 6000 })
      .map((depth) => `${'['.repeat(depth)}1${']'.repeat(depth)}`),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 7000, max: 40_000 })
      .map((size) => JSON.stringify({ page, events: [{ event: 'shown' }], pad: 'x'.repeat(size) })),
  },
  { weight: 1, arbitrary: fc.constantFrom('', 'null', '[]', '{}', '"text"', '{') },
)

const forged = fc.record({
  method: fc.oneof(
    { weight: 12, arbitrary: fc.constant('POST') },
    { weight: 1, arbitrary: fc.constantFrom('GET', 'PUT', 'DELETE', 'OPTIONS') },
  ),
  origin: fc.oneof(
    { weight: 10, arbitrary: fc.constant(partner) },
    { weight: 1, arbitrary: fc.constantFrom('https://elsewhere.example', 'null', '', undefined) },
  ),
  contentType: fc.oneof(
    { weight: 10, arbitrary: fc.constantFrom('text/plain;charset=UTF-8', 'application/json') },
    { weight: 1, arbitrary: fc.constantFrom('application/x-www-form-urlencoded', undefined) },
  ),
  body,
})
type Forged = typeof forged extends fc.Arbitrary<infer T> ? T : never

function toRequest(spec: Forged): Request {
  const headers = new Headers()
  if (spec.origin !== undefined) headers.set('origin', spec.origin)
  if (spec.contentType !== undefined) headers.set('content-type', spec.contentType)
  const bytes =
    typeof spec.body === 'string'
      ? new TextEncoder().encode(spec.body)
      : Uint8Array.from(spec.body.bytes)
  const withBody = spec.method !== 'GET'
  return new Request(`${functionUrl}/events`, {
    method: spec.method,
    headers,
    ...(withBody && { body: bytes }),
  })
}

describe.each(testDatabases)('forged batches on $name', ({ open, skip }) => {
  let test: TestDatabase
  let handler: DemoRequestHandler

  beforeAll(async () => {
    if (skip) return
    test = await open()
    const env: Record<string, string> = {
      ALLOWED_ORIGINS: partner,
      SUPABASE_ANON_KEY: apiKey,
      POW_MAX_BITS: '0',
      CAL_WEBHOOK_SECRET: calSecret,
      DEMO_REQUEST_ROUTES: JSON.stringify([{ book: 'https://cal.com/acme/demo' }]),
    }
    handler = createConfiguredHandler(
      readFunctionConfig((name) => env[name]),
      createSqlStores(test.db),
      { now: () => now, afterReply: () => {} },
    )
    // One real lead, sent and booked, so "unchanged" is about counts that exist.
    const lead = await handler(
      post({ ...sampleSubmission, source: 'partner-acme', pageUrl: page }, { apikey: apiKey }),
    )
    const { requestId } = (await lead.json()) as { requestId: string }
    const delivery = calWebhookBody({
      trigger: 'BOOKING_CREATED',
      uid: 'forged-bk',
      requestId,
      startTime: '2027-05-10T15:00:00.000Z',
      createdAt: now.toISOString(),
    })
    const booked = await handler(
      new Request(`${functionUrl}/booking/cal`, {
        method: 'POST',
        headers: { 'x-cal-signature-256': signCalWebhook(delivery, calSecret) },
        body: delivery,
      }),
    )
    expect(booked.status).toBe(200)
  }, 120_000)
  afterAll(() => test?.close())

  async function totals() {
    const counts = await createSqlFunnelStore(test.db).counts('2000-01-01')
    const total: Record<string, number> = { all: 0 }
    for (const count of counts) {
      total[count.event] = (total[count.event] ?? 0) + count.n
      total.all = (total.all ?? 0) + count.n
    }
    return total
  }

  it.skipIf(skip)(
    `never answers 5xx, and no batch adds a send or a booking (${runs} batches)`,
    async () => {
      const start = await totals()
      expect(start).toMatchObject({ sent: 1, booked: 1 })
      const seen = { counted: 0, refused: 0 }
      await fc.assert(
        fc.asyncProperty(forged, async (spec) => {
          const before = await totals()
          const response = await handler(toRequest(spec), { clientIp })
          const text = await response.text()
          const after = await totals()
          const context = `${response.status} ${text.slice(0, 300)}`
          expect(response.status, context).toBeLessThan(500)
          expect({ sent: after.sent, booked: after.booked }, context).toEqual({
            sent: 1,
            booked: 1,
          })
          if (response.status === 204 || (spec.method === 'OPTIONS' && response.status === 204)) {
            if (spec.method === 'POST') seen.counted += 1
            return
          }
          // Refused: a JSON error naming its rule, and nothing counted.
          seen.refused += 1
          expect(response.status, context).toBeGreaterThanOrEqual(400)
          const reply = JSON.parse(text)
          expect(reply, context).toMatchObject({
            success: false,
            error: {
              code: expect.stringMatching(/^[a-z_]+$/),
              message: expect.stringMatching(/\S/),
            },
          })
          expect(after.all, context).toBe(before.all)
        }),
        { numRuns: runs },
      )
      const end = await totals()
      expect((end.shown ?? 0) - (start.shown ?? 0)).toBeLessThanOrEqual(clientMax)
      expect((end.started ?? 0) - (start.started ?? 0)).toBeLessThanOrEqual(clientMax)
      expect(seen.counted).toBeLessThanOrEqual(clientMax)
      expect(seen.refused).toBeGreaterThan(0)
      // Whatever the run left of the client's window, good batches fill it exactly, then stop.
      const good = JSON.stringify({ page, events: [{ event: 'shown' }, { event: 'started' }] })
      const spec: Forged = {
        method: 'POST',
        origin: partner,
        contentType: 'application/json',
        body: good,
      }
      let more = 0
      while ((await handler(toRequest(spec), { clientIp })).status === 204) more += 1
      expect(seen.counted + more).toBe(clientMax)
      const full = await totals()
      expect((full.shown ?? 0) - (start.shown ?? 0)).toBeLessThanOrEqual(clientMax)
      expect({ sent: full.sent, booked: full.booked }).toEqual({ sent: 1, booked: 1 })
    },
    240_000,
  )
})
