// The scheduled job reads back what the schedulers' webhooks missed: Cal.com never delivers a
// webhook again after a non-2xx answer, and Calendly disables a subscription that keeps failing.
// Driven as production drives it: the function's retry endpoint, on a real database, against
// stand-ins of the two APIs.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { calWebhookBody, signCalWebhook } from '../../../../tests/support/booking-webhooks.ts'
import {
  type CalApiStandIn,
  calApiBooking,
  startCalApiStandIn,
} from '../../../../tests/support/cal-api-stand-in.ts'
import {
  type CalendlyApiStandIn,
  startCalendlyApiStandIn,
} from '../../../../tests/support/calendly-api-stand-in.ts'
import {
  type EmailApiStandIn,
  startEmailApiStandIn,
} from '../../../../tests/support/email-api-stand-in.ts'
import { insertLead } from '../../../../tests/support/insert-lead.ts'
import { sampleNewDemoRequest } from '../../../../tests/support/sample-lead.ts'
import { type TestDatabase, testDatabases } from '../../../../tests/support/test-database.ts'
import { createConfiguredHandler, type FunctionStores } from '../config/configured-handler.ts'
import { readFunctionConfig } from '../config/function-config.ts'
import { createSqlStores } from '../config/sql-stores.ts'
import { trackPendingWork } from '../http/after-reply.ts'
import { createSqlLeadStore } from '../lead/sql-lead-store.ts'
import { retrySecretHeader } from '../notify/notify-retry-handler.ts'
import { firstLookBackMs, reconcileOverlapMs } from './booking-reconciler.ts'
import { calSignatureHeader } from './providers/cal-webhook.ts'

const base = 'http://localhost:3000/functions/v1/send-demo-request'
const calSecret = 'cal-webhook-secret'
const retrySecret = 'a-long-enough-retry-secret'
const clock = new Date('2026-11-26T10:00:05Z')
const start = '2026-12-01T15:00:00.000Z'
const made = '2026-11-26T10:00:00.000Z'

describe.each(testDatabases)('reading bookings back on $name', ({ open, skip }) => {
  let test: TestDatabase
  let email: EmailApiStandIn
  let cal: CalApiStandIn
  let calendly: CalendlyApiStandIn
  let log: ReturnType<typeof vi.spyOn>
  let now: Date

  beforeAll(async () => {
    if (skip) return
    ;[test, email, cal, calendly] = await Promise.all([
      open(),
      startEmailApiStandIn(),
      startCalApiStandIn(),
      startCalendlyApiStandIn(),
    ])
  }, 60_000)
  afterAll(() => Promise.all([test?.close(), email?.close(), cal?.close(), calendly?.close()]))
  beforeEach(async () => {
    if (skip) return
    email.reset()
    for (const api of [cal, calendly]) {
      api.requests.length = 0
      api.mode = 'answer'
    }
    cal.bookings.length = 0
    calendly.events.length = 0
    now = clock
    await test.reset()
    log = vi.spyOn(console, 'error').mockImplementation(() => {})
    return () => log.mockRestore()
  })

  const handler = (stores: FunctionStores = createSqlStores(test.db)) =>
    createConfiguredHandler(
      readFunctionConfig(
        (name) =>
          ({
            RESEND_API_KEY: 're_test',
            NOTIFY_EMAIL_TO: 'sales@example.com',
            RESEND_API_URL: email.url,
            NOTIFY_RETRY_SECRET: retrySecret,
            CAL_WEBHOOK_SECRET: calSecret,
            CAL_API_KEY: cal.key,
            CAL_API_URL: cal.url,
            CALENDLY_API_TOKEN: calendly.token,
            CALENDLY_API_URL: `${calendly.url}/`,
          })[name],
      ),
      stores,
      { now: () => now, afterReply: trackPendingWork().afterReply },
    )
  /** One run of the scheduled job, as pg_cron's pg_net call makes it. */
  const runJob = async () => {
    const response = await handler()(
      new Request(`${base}/retry`, {
        method: 'POST',
        headers: { [retrySecretHeader]: retrySecret },
      }),
    )
    expect(response.status).toBe(200)
    return (await response.json()) as { sent: number; bookings: Record<string, unknown> }
  }
  const newLead = async (companyName: string) =>
    (await insertLead(test.db, { ...sampleNewDemoRequest, companyName })).id
  const bookingOf = async (id: string) => {
    const leads = await createSqlLeadStore(test.db).list(null)
    const lead = leads.find((candidate) => candidate.id === id)
    return { state: lead?.bookingState, id: lead?.bookingId }
  }

  it.skipIf(skip)(
    'books a Cal.com booking whose webhook got 503, and one whose webhook never came, in one run',
    async () => {
      const refused = await newLead('Refused LLP')
      const lost = await newLead('Lost LLP')
      // The database hiccups as Cal.com delivers the first: 503, and Cal.com never sends it again.
      const stores = createSqlStores(test.db)
      const hiccup = {
        ...stores.bookings,
        apply: () => Promise.reject(new Error('connection reset')),
      }
      const body = calWebhookBody({
        trigger: 'BOOKING_CREATED',
        uid: 'bk-refused',
        requestId: refused,
        startTime: start,
        createdAt: made,
      })
      const delivery = await handler({ ...stores, bookings: hiccup })(
        new Request(`${base}/booking/cal`, {
          method: 'POST',
          headers: { [calSignatureHeader]: signCalWebhook(body, calSecret) },
          body,
        }),
      )
      expect(delivery.status).toBe(503)
      expect(await bookingOf(refused)).toEqual({ state: null, id: null })

      for (const [uid, requestId] of [
        ['bk-refused', refused],
        ['bk-lost', lost],
      ] as const) {
        cal.bookings.push(
          calApiBooking({
            uid,
            requestId,
            status: 'accepted',
            start,
            createdAt: made,
            updatedAt: null,
          }),
        )
      }
      // A booking made on the firm's page without our form: not ours, not stored.
      cal.bookings.push(
        calApiBooking({
          uid: 'walk-in',
          status: 'accepted',
          start,
          createdAt: made,
          updatedAt: null,
        }),
      )
      const reply = await runJob()
      expect(reply.bookings).toEqual({ read: 2, notices: 2, failed: [] })
      expect(await bookingOf(refused)).toEqual({ state: 'booked', id: 'bk-refused' })
      expect(await bookingOf(lost)).toEqual({ state: 'booked', id: 'bk-lost' })
      // Sales hear of both in the same run, and of each once however often the job reads it.
      const booked = () =>
        email.delivered.filter((mail) => /booked a demo for/.test(String(mail.body.subject)))
      expect(booked()).toHaveLength(2)
      expect((await runJob()).bookings).toEqual({ read: 2, notices: 0, failed: [] })
      expect(booked()).toHaveLength(2)
    },
  )

  it.skipIf(skip)(
    'reads from the last look, less an overlap, and the first time from 30 days back',
    async () => {
      await runJob()
      const first = cal.requests[0]?.query.get('afterCreatedAt')
      expect(first).toBe(
        new Date(clock.getTime() - firstLookBackMs - reconcileOverlapMs).toISOString(),
      )
      cal.requests.length = 0
      now = new Date(clock.getTime() + 60 * 60_000)
      await runJob()
      expect(cal.requests[0]?.query.get('afterCreatedAt')).toBe(
        new Date(clock.getTime() - reconcileOverlapMs).toISOString(),
      )
    },
  )

  it.skipIf(skip)(
    'books a Calendly invitee with no webhook, and claims its replacement without utm_content',
    async () => {
      const leadId = await newLead('Calendly LLP')
      const oldUri = calendly.inviteeUri('EV1', 'IN1')
      const newUri = calendly.inviteeUri('EV2', 'IN2')
      const invitee = { createdAt: made, updatedAt: '2026-11-26T10:00:01.000000Z' }
      calendly.events.push(
        {
          uuid: 'EV1',
          status: 'canceled',
          startTime: start,
          createdAt: made,
          updatedAt: made,
          invitees: [
            { ...invitee, uuid: 'IN1', status: 'canceled', requestId: leadId, newInvitee: newUri },
          ],
        },
        {
          uuid: 'EV2',
          status: 'active',
          startTime: '2026-12-02T15:00:00.000000Z',
          createdAt: made,
          updatedAt: made,
          invitees: [{ ...invitee, uuid: 'IN2', status: 'active', oldInvitee: oldUri }],
        },
      )
      expect((await runJob()).bookings).toMatchObject({ failed: [] })
      expect(await bookingOf(leadId)).toEqual({ state: 'booked', id: newUri })
    },
  )

  it.skipIf(skip)(
    'logs a scheduler that is down, reads the other, and reads the same span again next run',
    async () => {
      // A first run that reads Cal.com to the end leaves its cursor at the clock.
      await runJob()
      // Then a booking is made, its webhook lost, while Cal.com's API is down too.
      const leadId = await newLead('Patient LLP')
      cal.bookings.push(
        calApiBooking({
          uid: 'bk-1',
          requestId: leadId,
          status: 'accepted',
          start,
          createdAt: made,
          updatedAt: null,
        }),
      )
      cal.requests.length = 0
      cal.mode = 'down'
      now = new Date(clock.getTime() + 60 * 60_000)
      expect((await runJob()).bookings).toEqual({ read: 0, notices: 0, failed: ['cal'] })
      expect(log).toHaveBeenCalledWith(
        "Reading Cal.com's bookings failed; the next run reads them again",
        expect.any(Error),
      )
      expect(calendly.requests.map((request) => request.path)).toContain('/scheduled_events')
      const asked = cal.requests[0]?.query.get('afterCreatedAt')
      expect(asked).toBe(new Date(clock.getTime() - reconcileOverlapMs).toISOString())
      cal.requests.length = 0
      cal.mode = 'answer'
      now = new Date(clock.getTime() + 2 * 60 * 60_000)
      expect((await runJob()).bookings).toEqual({ read: 1, notices: 1, failed: [] })
      expect(cal.requests[0]?.query.get('afterCreatedAt')).toBe(asked)
      expect(await bookingOf(leadId)).toEqual({ state: 'booked', id: 'bk-1' })
    },
  )
})
