// The events endpoint and the function's own counts, through the configured handler as the
// function serves it, on PGlite and PostgreSQL 15: a page's batch is counted under its source
// and page; a refused one names its rule and counts nothing; a stored lead is sent, a signed
// booking booked; one client adds at most ANALYTICS_CLIENT_MAX batches; old counters go.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FunnelBatch } from '#core/funnel-events.ts'
import { calWebhookBody, signCalWebhook } from '../../../../tests/support/booking-webhooks.ts'
import {
  expectError,
  functionUrl,
  partner,
  post,
} from '../../../../tests/support/function-requests.ts'
import { sampleSubmission } from '../../../../tests/support/sample-lead.ts'
import { type TestDatabase, testDatabases } from '../../../../tests/support/test-database.ts'
import { createConfiguredHandler } from '../config/configured-handler.ts'
import { readFunctionConfig } from '../config/function-config.ts'
import { createSqlStores } from '../config/sql-stores.ts'
import { createUnavailableStores } from '../config/unavailable-stores.ts'
import { trackPendingWork } from '../http/after-reply.ts'
import type { DemoRequestHandler } from '../lead/demo-request-handler.ts'
import { retrySecretHeader } from '../notify/notify-retry-handler.ts'
import type { FunnelStore } from './funnel-store.ts'
import { createSqlFunnelStore } from './sql-funnel-store.ts'

const page = `${partner}/contact`
const eventsUrl = `${functionUrl}/events`
const apiKey = 'sb_publishable_funnel'
const calSecret = 'funnel-cal-secret'
const retrySecret = 'funnel-retry-secret-0123456789'

/** A batch as a page's beacon sends it: a string, so text/plain, from the partner's page. */
const beacon = (batch: unknown, headers: Record<string, string> = {}) =>
  new Request(eventsUrl, {
    method: 'POST',
    headers: { origin: partner, 'content-type': 'text/plain;charset=UTF-8', ...headers },
    body: typeof batch === 'string' ? batch : JSON.stringify(batch),
  })

const viewAndStart = {
  source: 'partner-acme',
  page: `${page}?utm_source=news#form`,
  events: [
    { event: 'shown' },
    { event: 'started' },
    { event: 'field-empty', field: 'firstName' },
    { event: 'field-error', field: 'lastName', code: 'letterOrDigit' },
  ],
}

/** Posts `booking` to the handler's Cal.com webhook, signed, and expects it taken. */
async function deliverCal(send: DemoRequestHandler, booking: Parameters<typeof calWebhookBody>[0]) {
  const body = calWebhookBody(booking)
  const response = await send(
    new Request(`${functionUrl}/booking/cal`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-cal-signature-256': signCalWebhook(body, calSecret),
      },
      body,
    }),
  )
  expect(response.status).toBe(200)
}

describe.each(testDatabases)('funnel events on $name', ({ open, skip }) => {
  let test: TestDatabase
  let clock = new Date('2027-03-10T12:00:00Z')

  beforeAll(async () => {
    if (!skip) test = await open()
  })
  afterAll(() => test?.close())
  beforeEach(async () => {
    if (skip) return
    await test.reset()
    clock = new Date('2027-03-10T12:00:00Z')
  })

  const handler = (vars: Record<string, string> = {}) =>
    createConfiguredHandler(
      readFunctionConfig(
        (name) =>
          ({
            ALLOWED_ORIGINS: partner,
            SUPABASE_ANON_KEY: apiKey,
            POW_MAX_BITS: '0',
            CAL_WEBHOOK_SECRET: calSecret,
            NOTIFY_RETRY_SECRET: retrySecret,
            ...vars,
          })[name],
      ),
      createSqlStores(test.db),
      { now: () => clock },
    )

  /** The counters as `npm run insights` reads them, without the day, keyed `event field code`. */
  async function counted(source = 'partner-acme', where = page) {
    const counts = await createSqlFunnelStore(test.db).counts('2000-01-01')
    const mine = counts.filter((count) => count.source === source && count.page === where)
    const keyed: Record<string, number> = {}
    for (const { event, field, code, n } of mine) {
      const key = [event, field, code].filter(Boolean).join(' ')
      keyed[key] = (keyed[key] ?? 0) + n
    }
    return keyed
  }
  const everything = async () => (await createSqlFunnelStore(test.db).counts('2000-01-01')).length

  it.skipIf(skip)('counts a beacon under its source and page, without its query', async () => {
    const response = await handler()(beacon(viewAndStart), { clientIp: '203.0.113.7' })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe(partner)
    expect(await counted()).toEqual({
      shown: 1,
      started: 1,
      'field-empty firstName': 1,
      'field-error lastName letterOrDigit': 1,
    })
    const [count] = await createSqlFunnelStore(test.db).counts('2000-01-01')
    expect(count?.day).toBe('2027-03-10')
  })

  it.skipIf(skip)("counts a batch on the firm's day it arrived (SALES_TIME_ZONE)", async () => {
    const send = handler({ SALES_TIME_ZONE: 'America/Chicago' })
    const at = async (iso: string, ip: string) => {
      clock = new Date(iso)
      expect((await send(beacon(viewAndStart), { clientIp: ip })).status).toBe(204)
    }
    // 23:30 and 00:30 in Chicago: one UTC day, two of the firm's.
    await at('2027-01-15T05:30:00Z', '203.0.113.1')
    await at('2027-01-15T06:30:00Z', '203.0.113.2')
    // The day the clocks go forward is 23 hours long: its last half hour is 04:30 UTC after it.
    await at('2027-03-14T07:30:00Z', '203.0.113.3')
    await at('2027-03-15T04:30:00Z', '203.0.113.4')
    await at('2027-03-15T05:30:00Z', '203.0.113.5')
    const counts = await createSqlFunnelStore(test.db).counts('2000-01-01')
    const views: Record<string, number> = {}
    for (const { day, event, n } of counts)
      if (event === 'shown') views[day] = (views[day] ?? 0) + n
    expect(views).toEqual({
      '2027-01-14': 1,
      '2027-01-15': 1,
      '2027-03-14': 2,
      '2027-03-15': 1,
    })
  })

  it.skipIf(skip)(
    "gives the store the batch's campaign, cleaned and cut, and its page without the query",
    async () => {
      const stores = createSqlStores(test.db)
      const reached: { batch: FunnelBatch; day: string }[] = []
      const funnel: FunnelStore = {
        ...stores.funnel,
        countBatch: (batch, day, limit, bounds) => {
          reached.push({ batch, day })
          return stores.funnel.countBatch(batch, day, limit, bounds)
        },
      }
      const send = createConfiguredHandler(
        readFunctionConfig((name) => ({ ALLOWED_ORIGINS: partner })[name]),
        { ...stores, funnel },
        { now: () => clock },
      )
      const campaign = {
        ...viewAndStart,
        page: `${page}?utm_campaign=spring-2027&utm_source=newsletter`,
        utmSource: ' newsletter\u0000 ',
        utmCampaign: `spring-2027${'x'.repeat(300)}`,
      }
      expect((await send(beacon(campaign), { clientIp: '203.0.113.7' })).status).toBe(204)
      expect((await send(beacon(viewAndStart), { clientIp: '203.0.113.8' })).status).toBe(204)
      expect(
        reached.map(({ batch, day }) => [batch.page, batch.utmSource, batch.utmCampaign, day]),
      ).toEqual([
        [page, 'newsletter', `spring-2027${'x'.repeat(189)}`, '2027-03-10'],
        // A page opened without a campaign: none.
        [page, '', '', '2027-03-10'],
      ])
      // And the counters hold it under the page alone.
      expect((await counted()).shown).toBe(2)
    },
  )

  it.skipIf(skip)('answers the preflight of a fetch sent as JSON, and counts it', async () => {
    const preflight = await handler()(
      new Request(eventsUrl, { method: 'OPTIONS', headers: { origin: partner } }),
    )
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(partner)
    const json = beacon(viewAndStart, { 'content-type': 'application/json' })
    expect((await handler()(json)).status).toBe(204)
    expect((await counted()).shown).toBe(1)
  })

  it.skipIf(skip)('refuses with the rule broken, and counts nothing', async () => {
    const send = handler()
    const refused = async (request: Request, status: number, code: string) => {
      const response = await send(request)
      expect(response.status).toBe(status)
      const body = await response.json()
      expect(body).toMatchObject({ success: false, error: { code, message: expect.any(String) } })
      return body.error
    }
    const other = { ...viewAndStart, page: 'https://elsewhere.example/contact' }
    expect(await refused(beacon(other), 400, 'page_not_on_origin')).toMatchObject({
      message: `The page must be on ${partner}, which sent it.`,
    })
    const sent = { page, events: [{ event: 'shown' }, { event: 'sent' }, { event: 'booked' }] }
    const error = await refused(beacon(sent), 400, 'invalid_batch')
    expect(error.message).toBe(
      'The batch is refused: events.1.event is counted by the function from its own records, never from a page.',
    )
    expect(error.fields).toEqual({
      'events.1.event': 'is counted by the function from its own records, never from a page',
      'events.2.event': 'is counted by the function from its own records, never from a page',
    })
    await expectError(await send(beacon('{"page":')), 400, 'invalid_json')
    await expectError(
      await send(beacon({ ...viewAndStart, visitorId: 'v-1' })),
      400,
      'invalid_batch',
    )
    await expectError(
      await send(beacon(viewAndStart, { 'content-type': 'application/x-www-form-urlencoded' })),
      415,
      'unsupported_media_type',
    )
    await expectError(await send(beacon('x'.repeat(9000))), 413, 'payload_too_large')
    await expectError(
      await send(new Request(eventsUrl, { headers: { origin: partner } })),
      405,
      'method_not_allowed',
    )
    const foreign = await refused(
      beacon(viewAndStart, { origin: 'https://elsewhere.example' }),
      403,
      'forbidden_origin',
    )
    expect(foreign.message).toBe('This site may not send funnel events here.')
    const script = new Request(eventsUrl, { method: 'POST', body: JSON.stringify(viewAndStart) })
    expect(await refused(script, 403, 'forbidden_origin')).toMatchObject({
      message: expect.stringContaining('names none'),
    })
    expect(await everything()).toBe(0)
  })

  it.skipIf(skip)(
    'counts a beacon with Origin: null (a strict referrer policy) when its page is allowed',
    async () => {
      const send = handler()
      // What Firefox sends for a page under Referrer-Policy: no-referrer.
      const hidden = await send(beacon(viewAndStart, { origin: 'null' }))
      expect(hidden.status).toBe(204)
      // Never echoed back: a sandboxed frame's origin is "null" too.
      expect(hidden.headers.get('access-control-allow-origin')).toBeNull()
      expect(await counted()).toMatchObject({ shown: 1, started: 1 })
      // A page on an origin that is not allowed gains nothing by hiding where it runs.
      const elsewhere = { ...viewAndStart, page: 'https://elsewhere.example/contact' }
      const refused = await send(beacon(elsewhere, { origin: 'null' }))
      expect(refused.status).toBe(403)
      expect(await refused.json()).toMatchObject({ error: { code: 'forbidden_origin' } })
      expect(await everything()).toBe(4)
    },
  )

  it.skipIf(skip)(
    'answers a crawler or headless browser as counted, and counts nothing',
    async () => {
      const send = handler()
      for (const userAgent of [
        'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      ]) {
        expect((await send(beacon(viewAndStart, { 'user-agent': userAgent }))).status).toBe(204)
      }
      expect(await everything()).toBe(0)
      const person = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
      expect((await send(beacon(viewAndStart, { 'user-agent': person }))).status).toBe(204)
      expect(await counted()).toMatchObject({ shown: 1 })
    },
  )

  it.skipIf(skip)('lets one client add ANALYTICS_CLIENT_MAX batches a window', async () => {
    const send = handler({ ANALYTICS_CLIENT_MAX: '2', RATE_LIMIT_WINDOW_SECONDS: '600' })
    const from = (clientIp: string) => send(beacon(viewAndStart), { clientIp })
    expect((await from('203.0.113.7')).status).toBe(204)
    expect((await from('203.0.113.7')).status).toBe(204)
    const limited = await from('203.0.113.7')
    await expectError(limited, 429, 'rate_limited')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another client, and the same one in the next window, still count.
    expect((await from('198.51.100.1')).status).toBe(204)
    clock = new Date(clock.getTime() + 600_000)
    expect((await from('203.0.113.7')).status).toBe(204)
    expect((await counted()).shown).toBe(4)
  })

  it.skipIf(skip)('counts a stored lead as sent, and its route, from its own row', async () => {
    const routes = JSON.stringify([
      { when: { companySize: ['200+ employees'] }, message: 'Big firm' },
      { book: 'https://cal.com/acme/demo' },
    ])
    const send = handler({ DEMO_REQUEST_ROUTES: routes })
    const lead = {
      ...sampleSubmission,
      source: 'partner-acme',
      pageUrl: `${page}?utm_campaign=spring#top`,
    }
    const reply = await send(post(lead, { apikey: apiKey, 'idempotency-key': 'lead-1' }))
    expect(reply.status).toBe(200)
    // A retry of the same lead is the same lead: counted once.
    await send(post(lead, { apikey: apiKey, 'idempotency-key': 'lead-1' }))
    // A bot's lead (the honeypot filled) gets the same reply and is not counted.
    await send(post({ ...lead, website: 'spam.example' }, { apikey: apiKey }))
    expect(await counted()).toEqual({ sent: 1, 'routed 2': 1 })
  })

  it.skipIf(skip)('counts a lead booked by a signed webhook, and the cancellation', async () => {
    const send = handler({ DEMO_REQUEST_ROUTES: JSON.stringify([{ book: 'https://cal.com/a/b' }]) })
    const lead = { ...sampleSubmission, source: 'partner-acme', pageUrl: page }
    const reply = await send(post(lead, { apikey: apiKey }))
    const { requestId } = (await reply.json()) as { requestId: string }
    const deliver = (trigger: 'BOOKING_CREATED' | 'BOOKING_CANCELLED') =>
      deliverCal(send, {
        trigger,
        uid: 'funnel-bk-1',
        requestId,
        startTime: '2027-03-20T15:00:00.000Z',
        createdAt: clock.toISOString(),
      })
    await deliver('BOOKING_CREATED')
    // Delivered twice, as providers retry: booked once.
    await deliver('BOOKING_CREATED')
    expect(await counted()).toEqual({ sent: 1, 'routed 1': 1, booked: 1 })
    clock = new Date(clock.getTime() + 86_400_000)
    await deliver('BOOKING_CANCELLED')
    expect(await counted()).toEqual({ sent: 1, 'routed 1': 1, booked: 1, cancelled: 1 })
    const days = await createSqlFunnelStore(test.db).counts('2000-01-01')
    // Read from the lead, on the day it was sent: a page's rates compare the same leads.
    const day = (event: string) => days.find((count) => count.event === event)?.day
    expect(day('cancelled')).toBe(day('sent'))
  })

  it.skipIf(skip)(
    'counts neither a request withdrawn before it was booked, nor a call for a new time as a cancellation',
    async () => {
      const send = handler({
        DEMO_REQUEST_ROUTES: JSON.stringify([{ book: 'https://cal.com/a/b' }]),
      })
      const sendLead = async (key: string) => {
        const reply = await send(
          post(
            { ...sampleSubmission, source: 'partner-acme', pageUrl: page },
            {
              apikey: apiKey,
              'idempotency-key': key,
            },
          ),
        )
        return ((await reply.json()) as { requestId: string }).requestId
      }
      const deliver = (booking: Parameters<typeof calWebhookBody>[0]) => deliverCal(send, booking)
      const at = { startTime: '2027-03-20T15:00:00.000Z', createdAt: clock.toISOString() }
      // Waiting for the host, then withdrawn by the visitor: never booked.
      const withdrawn = await sendLead('withdrawn')
      await deliver({ trigger: 'BOOKING_REQUESTED', uid: 'req-1', requestId: withdrawn, ...at })
      await deliver({ trigger: 'BOOKING_CANCELLED', uid: 'req-1', requestId: withdrawn, ...at })
      // Booked, then the host asks for a new time: booked, and not cancelled.
      const moved = await sendLead('moved')
      await deliver({ trigger: 'BOOKING_CREATED', uid: 'bk-2', requestId: moved, ...at })
      await deliver({
        trigger: 'BOOKING_CANCELLED',
        uid: 'bk-2',
        requestId: moved,
        requestReschedule: true,
        ...at,
      })
      expect(await counted()).toEqual({ sent: 2, 'routed 1': 2, booked: 1 })
    },
  )

  it.skipIf(skip)(
    'prunes old counters, client keys and secrets by itself, with no retry secret or job',
    async () => {
      const pending = trackPendingWork()
      const env: Record<string, string> = {
        ALLOWED_ORIGINS: partner,
        ANALYTICS_RETENTION_DAYS: '30',
      }
      const send = createConfiguredHandler(
        readFunctionConfig((name) => env[name]),
        createSqlStores(test.db),
        { now: () => clock, afterReply: pending.afterReply },
      )
      expect((await send(beacon(viewAndStart), { clientIp: '203.0.113.9' })).status).toBe(204)
      await pending.settled()
      const rows = async () => {
        const [row] = await test.db.query<{ counts: number; pages: number; limits: number }>(
          `select (select count(*)::int from public.demo_request_funnel_counts) as counts,
             (select count(*)::int from public.demo_request_funnel_pages) as pages,
             (select count(*)::int from public.demo_request_funnel_rate_limits) as limits`,
        )
        return row
      }
      expect(await rows()).toMatchObject({ counts: 4, pages: 1, limits: 1 })
      // 31 days on, the next request of any kind prunes after its reply.
      clock = new Date(clock.getTime() + 31 * 86_400_000)
      const other = await send(
        new Request(functionUrl, { method: 'OPTIONS', headers: { origin: partner } }),
      )
      await other.body?.cancel()
      await pending.settled()
      expect(await rows()).toEqual({ counts: 0, pages: 0, limits: 0 })
      const [secrets] = await test.db.query<{ n: number }>(
        'select count(*)::int as n from public.demo_request_client_key_secrets',
      )
      expect(secrets?.n).toBe(0)
    },
  )

  it.skipIf(skip)(
    'prunes counters older than ANALYTICS_RETENTION_DAYS with the scheduled job',
    async () => {
      const send = handler({ ANALYTICS_RETENTION_DAYS: '400' })
      await send(beacon(viewAndStart))
      clock = new Date('2027-03-11T12:00:00Z')
      await send(beacon(viewAndStart))
      const retry = () =>
        send(
          new Request(`${functionUrl}/retry`, {
            method: 'POST',
            headers: { [retrySecretHeader]: retrySecret },
          }),
        )
      // 400 days after the first day: both kept.
      clock = new Date('2028-04-13T12:00:00Z')
      expect((await retry()).status).toBe(200)
      expect((await counted()).shown).toBe(2)
      // 401 days after it: the first day goes, the second stays.
      clock = new Date('2028-04-14T12:00:00Z')
      expect((await retry()).status).toBe(200)
      const left = await createSqlFunnelStore(test.db).counts('2000-01-01')
      expect([...new Set(left.map((count) => count.day))]).toEqual(['2027-03-11'])
      const [limits] = await test.db.query<{ n: number }>(
        'select count(*)::int as n from public.demo_request_funnel_rate_limits',
      )
      expect(limits?.n).toBe(0)
    },
  )
})

it('answers 503, as for leads, when there is no database', async () => {
  const log = vi.spyOn(console, 'error').mockImplementation(() => {})
  const handler = createConfiguredHandler(
    readFunctionConfig((name) => ({ ALLOWED_ORIGINS: partner })[name]),
    createUnavailableStores(),
    { afterReply: () => {} },
  )
  const response = await handler(beacon(viewAndStart))
  await expectError(response, 503, 'unavailable')
  expect(response.headers.get('retry-after')).toBe('5')
  expect(log).toHaveBeenCalledWith('The funnel store failed', expect.any(Error))
  log.mockRestore()
})
