import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { bookingEvent } from '../../../../tests/support/booking-store-fixture.ts'
import {
  type EmailApiStandIn,
  limitedRetryAfterSeconds,
  startEmailApiStandIn,
} from '../../../../tests/support/email-api-stand-in.ts'
import { insertLead } from '../../../../tests/support/insert-lead.ts'
import { receivedAt } from '../../../../tests/support/received-at.ts'
import { sampleNewDemoRequest as lead } from '../../../../tests/support/sample-lead.ts'
import { type TestDatabase, testDatabases } from '../../../../tests/support/test-database.ts'
import { createSqlBookingStore } from '../booking/sql-booking-store.ts'
import { backoffSeconds } from './delivery-schedule.ts'
import { createNotificationDispatcher } from './notification-dispatcher.ts'
import { createResendNotifier } from './resend-notifier.ts'
import { createSqlNotificationStore } from './sql-notification-store.ts'
import { createWebhookNotifier } from './webhook-notifier.ts'

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
// The rule of DEMO_REQUEST_ROUTES that sends a lead to a booking page, and one that does not.
const bookingRule = 2
const messageRule = 1
const delaySeconds = 900

describe.each(testDatabases)('the delivery outbox on $name', ({ open, skip }) => {
  let test: TestDatabase
  let email: EmailApiStandIn
  let webhook: EmailApiStandIn
  // The dispatcher's clock, moved on by each test past the waits it means to pass.
  let time: Date

  beforeAll(async () => {
    if (skip) return
    ;[test, email, webhook] = await Promise.all([
      open(),
      startEmailApiStandIn(),
      startEmailApiStandIn(),
    ])
  }, 60_000)
  afterAll(() => Promise.all([test?.close(), email?.close(), webhook?.close()]))
  beforeEach(async () => {
    time = new Date()
    email?.reset()
    webhook?.reset()
    await test?.reset()
  })
  const wait = (seconds: number) => {
    time = new Date(time.getTime() + seconds * 1000)
  }

  const dispatcher = (maxAttempts = 16) =>
    createNotificationDispatcher({
      store: createSqlNotificationStore(test.db),
      notifiers: [
        createResendNotifier({
          apiKey: 're_test',
          to: ['sales@example.com'],
          from: 'Leads <leads@example.com>',
          apiUrl: email.url,
        }),
        createWebhookNotifier({ url: webhook.webhookUrl, secret }),
      ],
      timeoutMs: 2000,
      maxAttempts,
      noBooking: { bookingRules: [bookingRule], delaySeconds },
      log: () => {},
      now: () => time,
    })
  const emailRow = (id: string) =>
    test.db
      .query<{
        status: string
        attempts: number
        next_attempt_at: Date | string | null
        failed_at: Date | string | null
      }>(
        `select status, attempts, next_attempt_at, failed_at from public.demo_request_notifications
          where lead_id = $1 and channel = 'email'`,
        [id],
      )
      .then((rows) => rows[0])

  it.skipIf(skip)('waits longer after each failure, and not a moment less', async () => {
    const { id } = await insertLead(test.db, lead)
    email.mode = 'fail'
    await dispatcher().dispatch(id)
    // The first failure is tried again by the next run; later ones wait, longer each time.
    for (const tries of [1, 2, 3, 4]) {
      const wanted = backoffSeconds(tries)
      if (wanted > 0) {
        wait(wanted - 1)
        expect(await dispatcher().retryDue(), `after ${tries} tries`).toEqual({
          sent: 0,
          failed: 0,
        })
        wait(1)
      }
      expect(await dispatcher().retryDue()).toEqual({ sent: 0, failed: 1 })
      expect((await emailRow(id))?.attempts).toBe(tries + 1)
    }
    expect(backoffSeconds(3)).toBeGreaterThan(backoffSeconds(2))
    email.mode = 'accept'
    wait(backoffSeconds(5))
    expect(await dispatcher().retryDue()).toEqual({ sent: 1, failed: 0 })
    expect(email.delivered).toHaveLength(1)
  })

  it.skipIf(skip)(
    "honours the destination's Retry-After, for every lead on its channel",
    async () => {
      const first = await insertLead(test.db, { ...lead, firstName: 'Alpha' })
      const second = await insertLead(test.db, { ...lead, firstName: 'Bravo' })
      email.script('limited')
      const worker = dispatcher()
      expect(await worker.dispatch(first.id)).toEqual({ sent: 1, failed: 1 })
      // The limit holds the channel back in this worker: the second lead's email waits too,
      // while its webhook goes.
      expect(await worker.dispatch(second.id)).toEqual({ sent: 1, failed: 0 })
      expect(email.received).toHaveLength(1)
      wait(limitedRetryAfterSeconds - 1)
      expect(await worker.retryDue()).toEqual({ sent: 0, failed: 0 })
      wait(1)
      expect(await worker.retryDue()).toEqual({ sent: 2, failed: 0 })
      const names = email.delivered.map((mail) => String(mail.body.text).match(/Alpha|Bravo/)?.[0])
      expect(names.sort()).toEqual(['Alpha', 'Bravo'])
    },
  )

  it.skipIf(skip)(
    'dead-letters a delivery refused for good, or after its last try, and tries it no more',
    async () => {
      const refused = await insertLead(test.db, { ...lead, firstName: 'Refused' })
      email.script('invalid')
      await dispatcher().dispatch(refused.id)
      expect((await emailRow(refused.id))?.status).toBe('dead')

      const failing = await insertLead(test.db, { ...lead, firstName: 'Failing' })
      email.mode = 'fail'
      await dispatcher(3).dispatch(failing.id)
      // The job's clock when the last try failed: the dead letter's time, not the queueing's.
      let diedAt: Date | undefined
      for (let run = 0; run < 4; run++) {
        wait(backoffSeconds(run + 1))
        await dispatcher(3).retryDue()
        if (diedAt === undefined && (await emailRow(failing.id))?.status === 'dead') diedAt = time
      }
      const dead = await emailRow(failing.id)
      expect(dead).toMatchObject({ status: 'dead', attempts: 3 })
      expect(new Date(dead?.failed_at ?? 0).getTime()).toBe(diedAt?.getTime())
      email.mode = 'accept'
      wait(86_400)
      expect(await dispatcher(3).retryDue()).toEqual({ sent: 0, failed: 0 })
      const { count } = (
        await test.db.query<{ count: number }>(
          `select count(*)::int as count from public.demo_requests where notification_status = 'failed'`,
        )
      )[0] ?? { count: 0 }
      expect(count).toBe(2)
    },
  )

  it.skipIf(skip)('sends new leads a few at a time, the others in turn', async () => {
    const first = await insertLead(test.db, { ...lead, firstName: 'Alpha' })
    const second = await insertLead(test.db, { ...lead, firstName: 'Bravo' })
    const oneAtATime = createNotificationDispatcher({
      store: createSqlNotificationStore(test.db),
      notifiers: [
        createResendNotifier({
          apiKey: 're_test',
          to: ['sales@example.com'],
          from: 'Leads <leads@example.com>',
          apiUrl: email.url,
        }),
      ],
      timeoutMs: 300,
      dispatchConcurrency: 1,
      log: () => {},
      now: () => time,
    })
    // The first lead's email hangs until its attempt times out: the second lead's is sent only
    // after that, in whatever time the machine takes, never beside it.
    email.script('hang')
    const firstDone = oneAtATime.dispatch(first.id).then((counts) => ({ counts, at: receivedAt() }))
    const secondDone = oneAtATime.dispatch(second.id)
    const [{ counts, at }, secondCounts] = await Promise.all([firstDone, secondDone])
    expect(counts).toEqual({ sent: 0, failed: 1 })
    expect(secondCounts).toEqual({ sent: 1, failed: 0 })
    expect(email.received.map((request) => request.answer)).toEqual(['hang', 'accept'])
    expect(email.received[1]?.receivedAt).toBeGreaterThan(at)
  })

  describe('"sent but not booked"', () => {
    const routed = (firstName: string, routeRule: number) =>
      insertLead(test.db, { ...lead, firstName, routeRule })
    // As a scheduler's webhook reports it; no channel is told of the booking itself here.
    const book = (requestId: string, state: 'booked' | 'requested') =>
      createSqlBookingStore(test.db).apply(
        bookingEvent({ requestId, bookingId: `bk-${requestId}`, state }),
        [],
        time,
      )
    const nudges = () =>
      webhook.delivered
        .map((post) => post.body as { type: string; data: { firstName: string } })
        .filter((body) => body.type === 'demo_request.not_booked')
        .map((body) => body.data.firstName)

    it.skipIf(skip)(
      'tells once, after the delay, of a lead sent to a booking page that has not booked',
      async () => {
        await routed('Waiting', bookingRule)
        const booked = await routed('Booked', bookingRule)
        await routed('Messaged', messageRule)
        await insertLead(test.db, {
          ...lead,
          firstName: 'Spam',
          routeRule: bookingRule,
          isSpam: true,
        })
        await book(booked.id, 'booked')
        await dispatcher().retryDue()
        wait(delaySeconds - 5)
        await dispatcher().retryDue()
        expect(nudges()).toEqual([])
        wait(10)
        await dispatcher().retryDue()
        expect(nudges()).toEqual(['Waiting'])
        // Signed like every webhook, under an id of its own.
        const post = webhook.delivered.at(-1)
        const headers = Object.fromEntries(
          Object.entries(post?.headers ?? {}).map(([name, value]) => [name, String(value)]),
        )
        expect(new Webhook(secret).verify(post?.raw ?? '', headers)).toMatchObject({
          type: 'demo_request.not_booked',
        })
        expect(headers['webhook-id']).toMatch(/-not-booked$/)
        // Once: later runs send it no more.
        wait(3600)
        await dispatcher().retryDue()
        expect(nudges()).toEqual(['Waiting'])
        // Email has no nudge: it is for the channels people read at once.
        expect(email.delivered.map((mail) => String(mail.body.subject))).not.toContain(
          expect.stringContaining('not booked'),
        )
      },
    )

    it.skipIf(skip)('does not tell of a lead that booked while its nudge was due', async () => {
      const { id } = await routed('Late booker', bookingRule)
      webhook.script('accept', 'fail')
      wait(delaySeconds + 1)
      // The first run makes the nudge's row and fails to send it; then the lead books.
      await dispatcher().retryDue()
      await book(id, 'requested')
      wait(3600)
      await dispatcher().retryDue()
      expect(nudges()).toEqual([])
    })
  })
})
