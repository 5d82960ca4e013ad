import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  calendlyWebhookBody,
  calWebhookBody,
  signCalendlyWebhook,
  signCalWebhook,
} from '../../../../tests/support/booking-webhooks.ts'
import {
  type EmailApiStandIn,
  startEmailApiStandIn,
} from '../../../../tests/support/email-api-stand-in.ts'
import { insertLead } from '../../../../tests/support/insert-lead.ts'
import { sampleNewDemoRequest } from '../../../../tests/support/sample-lead.ts'
import { type TestDatabase, testDatabases } from '../../../../tests/support/test-database.ts'
import { createConfiguredHandler } from '../config/configured-handler.ts'
import { readFunctionConfig } from '../config/function-config.ts'
import { createSqlStores } from '../config/sql-stores.ts'
import { trackPendingWork } from '../http/after-reply.ts'
import { createSqlLeadStore } from '../lead/sql-lead-store.ts'
import { retrySecretHeader } from '../notify/notify-retry-handler.ts'
import { calSignatureHeader } from './providers/cal-webhook.ts'
import { calendlySignatureHeader } from './providers/calendly-webhook.ts'

const base = 'http://localhost:3000/functions/v1/send-demo-request'
const calSecret = 'cal-webhook-secret'
const calendlyKey = 'calendly-signing-key'
const webhookSecret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
const retrySecret = 'a-long-enough-retry-secret'
const clock = new Date('2026-11-26T10:00:05Z')
const t = Math.floor(clock.getTime() / 1000)

describe.each(testDatabases)('the booking webhooks on $name', ({ open, skip }) => {
  let test: TestDatabase
  let email: EmailApiStandIn
  let hooks: EmailApiStandIn
  let leadId: string
  let pending: ReturnType<typeof trackPendingWork>
  let log: ReturnType<typeof vi.spyOn>

  beforeAll(async () => {
    if (skip) return
    ;[test, email, hooks] = await Promise.all([
      open(),
      startEmailApiStandIn(),
      startEmailApiStandIn(),
    ])
  }, 60_000)
  afterAll(() => Promise.all([test?.close(), email?.close(), hooks?.close()]))
  beforeEach(async () => {
    if (skip) return
    email.reset()
    hooks.reset()
    await test.reset()
    pending = trackPendingWork()
    log = vi.spyOn(console, 'error').mockImplementation(() => {})
    leadId = (await insertLead(test.db, { ...sampleNewDemoRequest, email: 'ada@lovelace.example' }))
      .id
    return () => log.mockRestore()
  })

  const handler = (vars: Record<string, string> = {}) =>
    createConfiguredHandler(
      readFunctionConfig(
        (name) =>
          ({
            RESEND_API_KEY: 're_test',
            NOTIFY_EMAIL_TO: 'sales@example.com',
            RESEND_API_URL: email.url,
            NOTIFY_WEBHOOK_URL: hooks.webhookUrl,
            NOTIFY_WEBHOOK_SECRET: webhookSecret,
            NOTIFY_RETRY_SECRET: retrySecret,
            // The project's key guards leads, not bookings: none is sent below.
            SUPABASE_ANON_KEY: 'anon-key',
            CAL_WEBHOOK_SECRET: calSecret,
            CALENDLY_WEBHOOK_SIGNING_KEY: calendlyKey,
            SALES_TIME_ZONE: 'America/Chicago',
            ...vars,
          })[name],
      ),
      createSqlStores(test.db),
      { now: () => clock, afterReply: pending.afterReply },
    )

  const calCreated = (requestId?: string) =>
    calWebhookBody({
      trigger: 'BOOKING_CREATED',
      uid: 'bk-1',
      requestId,
      startTime: '2026-12-01T15:00:00.000Z',
      createdAt: '2026-11-26T10:00:00.000Z',
    })
  const postCal = (body: string, signature = signCalWebhook(body, calSecret), vars = {}) =>
    handler(vars)(
      new Request(`${base}/booking/cal`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [calSignatureHeader]: signature },
        body,
      }),
    )
  const postCalendly = (body: string, signature = signCalendlyWebhook(body, calendlyKey, t)) =>
    handler()(
      new Request(`${base}/booking/calendly`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [calendlySignatureHeader]: signature },
        body,
      }),
    )
  const lead = async () => (await createSqlLeadStore(test.db).list(1))[0]

  it.skipIf(skip)('books the lead on a signed BOOKING_CREATED and tells sales once', async () => {
    const body = calCreated(leadId)
    const response = await postCal(body)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ success: true })
    expect(await lead()).toMatchObject({ bookingState: 'booked', bookingProvider: 'cal' })
    await pending.settled()

    expect(email.delivered.map((mail) => mail.body.subject)).toEqual([
      'Ada Lovelace booked a demo for Tue 1 Dec, 09:00 (America/Chicago)',
    ])
    const [post] = hooks.delivered
    const headers = Object.fromEntries(
      Object.entries(post?.headers ?? {}).map(([name, value]) => [name, String(value)]),
    )
    expect(new Webhook(webhookSecret).verify(post?.raw ?? '', headers)).toMatchObject({
      type: 'demo_request.booked',
      data: {
        id: leadId,
        provider: 'cal',
        bookingId: 'bk-1',
        startTime: '2026-12-01T15:00:00.000Z',
      },
    })

    // The provider delivers it again: nothing changes, nobody is told twice.
    expect((await postCal(body)).status).toBe(200)
    await pending.settled()
    expect(email.received).toHaveLength(1)
    expect(hooks.received).toHaveLength(1)
  })

  it.skipIf(skip)('refuses a wrong or missing signature with 401, changing nothing', async () => {
    const body = calCreated(leadId)
    for (const response of [
      await postCal(body, signCalWebhook(body, 'other-secret')),
      await postCal(body, ''),
      // Without the setting every delivery is refused: no secret is no signature.
      await postCal(body, signCalWebhook(body, calSecret), { CAL_WEBHOOK_SECRET: '' }),
      await postCalendly(
        calendlyWebhookBody({
          trigger: 'invitee.created',
          uri: 'https://api.calendly.com/scheduled_events/EV1/invitees/IN1',
          requestId: leadId,
          startTime: '2026-12-01T15:00:00Z',
          createdAt: '2026-11-26T10:00:00Z',
        }),
        signCalendlyWebhook('{}', calendlyKey, t),
      ),
    ]) {
      expect(response.status).toBe(401)
    }
    expect((await lead())?.bookingState).toBeNull()
    await pending.settled()
    expect(email.received).toEqual([])
  })

  it.skipIf(skip)('answers a signed body that is no booking 400, and a ping 200', async () => {
    expect((await postCal('{"payload":{}}')).status).toBe(400)
    const ping = JSON.stringify({
      triggerEvent: 'PING',
      createdAt: clock.toISOString(),
      payload: {},
    })
    expect((await postCal(ping)).status).toBe(200)
    expect((await lead())?.bookingState).toBeNull()
  })

  it.skipIf(skip)(
    'acknowledges a booking of no known lead, logs it once, stores nothing',
    async () => {
      const response = await postCal(calCreated('00000000-0000-4000-8000-000000000000'))
      expect(response.status).toBe(200)
      expect(log).toHaveBeenCalledTimes(1)
      expect(String(log.mock.calls[0]?.[0])).toMatch(/Cal\.com booking \(bk-1\) names no known/)
      const [{ count } = { count: -1 }] = await test.db.query<{ count: number }>(
        'select count(*)::int as count from public.demo_request_bookings',
      )
      expect(count).toBe(0)
    },
  )

  it.skipIf(skip)('acknowledges a trigger it does not read as it does a ping', async () => {
    const ended = calCreated(leadId).replace('"BOOKING_CREATED"', '"MEETING_ENDED"')
    const response = await postCal(ended)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ success: true })
    expect((await lead())?.bookingState).toBeNull()
  })

  it.skipIf(skip)(
    'follows a Cal.com booking the host confirms: requested, then booked, sales told once',
    async () => {
      const delivery = (trigger: 'BOOKING_REQUESTED' | 'BOOKING_CREATED', minute: number) =>
        calWebhookBody({
          trigger,
          uid: 'bk-1',
          // Cal.com hands the metadata back with the request, not with the confirmation.
          requestId: trigger === 'BOOKING_REQUESTED' ? leadId : undefined,
          startTime: '2026-12-01T15:00:00.000Z',
          createdAt: `2026-11-26T10:0${minute}:00.000Z`,
          requiresConfirmation: true,
        })
      expect((await postCal(delivery('BOOKING_REQUESTED', 0))).status).toBe(200)
      expect(await lead()).toMatchObject({ bookingState: 'requested', bookingProvider: 'cal' })
      await pending.settled()
      expect(email.received).toEqual([])
      expect(hooks.received).toEqual([])

      expect((await postCal(delivery('BOOKING_CREATED', 5))).status).toBe(200)
      expect((await postCal(delivery('BOOKING_REQUESTED', 0))).status).toBe(200)
      expect(await lead()).toMatchObject({ bookingState: 'booked', bookingId: 'bk-1' })
      await pending.settled()
      expect(email.delivered.map((mail) => mail.body.subject)).toEqual([
        'Ada Lovelace booked a demo for Tue 1 Dec, 09:00 (America/Chicago)',
      ])
      expect(hooks.delivered.map((post) => post.body.type)).toEqual(['demo_request.booked'])
      expect(log).not.toHaveBeenCalled()
    },
  )

  it.skipIf(skip)('tells sales nothing of a request the host rejects', async () => {
    const base = { uid: 'bk-1', startTime: '2026-12-01T15:00:00.000Z', requiresConfirmation: true }
    const requested = calWebhookBody({
      ...base,
      trigger: 'BOOKING_REQUESTED',
      requestId: leadId,
      createdAt: '2026-11-26T10:00:00.000Z',
    })
    const rejected = calWebhookBody({
      ...base,
      trigger: 'BOOKING_REJECTED',
      createdAt: '2026-11-26T10:05:00.000Z',
    })
    // Out of order: the rejection overtakes the request, and is kept until the request claims it.
    expect((await postCal(rejected)).status).toBe(200)
    expect(log).toHaveBeenCalledTimes(1)
    expect(String(log.mock.calls[0]?.[0])).toMatch(
      /Cal\.com booking \(bk-1\) names no demo request: acknowledged, kept until/,
    )
    expect((await postCal(requested)).status).toBe(200)
    expect(await lead()).toMatchObject({ bookingState: 'rejected', bookingId: 'bk-1' })
    await pending.settled()
    expect(email.received).toEqual([])
    expect(hooks.received).toEqual([])
  })

  it.skipIf(skip)('follows a Calendly booking and its cancellation', async () => {
    const uri = 'https://api.calendly.com/scheduled_events/EV1/invitees/IN1'
    const created = calendlyWebhookBody({
      trigger: 'invitee.created',
      uri,
      requestId: leadId,
      startTime: '2026-12-01T15:00:00.000000Z',
      createdAt: '2026-11-26T10:00:00.000000Z',
    })
    expect((await postCalendly(created)).status).toBe(200)
    const canceled = calendlyWebhookBody({
      trigger: 'invitee.canceled',
      uri,
      startTime: '2026-12-01T15:00:00.000000Z',
      createdAt: '2026-11-26T10:00:03.000000Z',
    })
    expect((await postCalendly(canceled)).status).toBe(200)
    expect(await lead()).toMatchObject({ bookingState: 'cancelled', bookingProvider: 'calendly' })
    await pending.settled()
    expect(email.delivered.map((mail) => mail.body.subject).sort()).toEqual([
      'Ada Lovelace booked a demo for Tue 1 Dec, 09:00 (America/Chicago)',
      'Ada Lovelace cancelled the demo for Tue 1 Dec, 09:00 (America/Chicago)',
    ])
    expect(hooks.delivered.map((post) => post.body.type).sort()).toEqual([
      'demo_request.booked',
      'demo_request.booking_cancelled',
    ])
  })

  it.skipIf(skip)('leaves what failed to the retry run, which sends it', async () => {
    email.script('fail')
    expect((await postCal(calCreated(leadId))).status).toBe(200)
    await pending.settled()
    expect(email.delivered).toEqual([])
    expect(hooks.delivered).toHaveLength(1)

    const retried = await handler()(
      new Request(`${base}/retry`, {
        method: 'POST',
        headers: { [retrySecretHeader]: retrySecret },
      }),
    )
    // The lead itself was stored untold by insertLead: its email and webhook go out too.
    expect(await retried.json()).toEqual({
      success: true,
      sent: 3,
      failed: 0,
      quietPages: { sent: 0, failed: 0 },
    })
    expect(email.delivered.map((mail) => mail.headers['idempotency-key']).sort()).toEqual([
      `demo-request-${leadId}`,
      `demo-request-${leadId}-booked-cal-bk-1`,
    ])
    // The webhook that went out the first time is not sent again.
    const booked = hooks.received.filter((post) => post.body.type === 'demo_request.booked')
    expect(booked).toHaveLength(1)
  })
})
