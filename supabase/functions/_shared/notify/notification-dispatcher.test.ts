import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  type EmailApiStandIn,
  startEmailApiStandIn,
} from '../../../../tests/support/email-api-stand-in.ts'
import { insertLead } from '../../../../tests/support/insert-lead.ts'
import { sampleNewDemoRequest as lead } from '../../../../tests/support/sample-lead.ts'
import { type TestDatabase, testDatabases } from '../../../../tests/support/test-database.ts'
import { createPostgresDatabase } from '../db/postgres-database.ts'
import type { SqlDatabase } from '../db/sql-database.ts'
import { createSqlLeadStore } from '../lead/sql-lead-store.ts'
import { backoffSeconds } from './delivery-schedule.ts'
import {
  createNotificationDispatcher,
  type NotificationDispatcherOptions,
} from './notification-dispatcher.ts'
import type { NotificationStore } from './notification-store.ts'
import type { Notifier } from './notifier.ts'
import { createResendNotifier } from './resend-notifier.ts'
import { salesTime } from './sales-time.ts'
import { createSendTraffic } from './send-traffic.ts'
import { createSqlNotificationStore } from './sql-notification-store.ts'
import { createWebhookNotifier } from './webhook-notifier.ts'

const backends = testDatabases

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
// The one clock of leases and digests' windows: fixed, so no window ends while a test runs;
// a test moves it on past a failed try's wait.
const clock = new Date('2026-03-01T10:00:00Z')
let time = clock
const wait = (seconds: number) => {
  time = new Date(time.getTime() + seconds * 1000)
}

describe.each(backends)('the notification dispatcher on $name', ({ open, skip }) => {
  let test: TestDatabase
  // A second pool, as a second function instance or the retry command would have.
  let other: SqlDatabase
  let email: EmailApiStandIn
  let webhook: EmailApiStandIn

  beforeAll(async () => {
    if (skip) return
    ;[test, email, webhook] = await Promise.all([
      open(),
      startEmailApiStandIn(),
      startEmailApiStandIn(),
    ])
    other = test.cluster ? createPostgresDatabase(test.cluster.url) : test.db
  }, 60_000)
  afterAll(async () => {
    if (other !== test?.db) await other?.close()
    await Promise.all([test?.close(), email?.close(), webhook?.close()])
  })
  beforeEach(async () => {
    time = clock
    email?.reset()
    webhook?.reset()
    await test?.reset()
  })

  const emailNotifier = () =>
    createResendNotifier({
      apiKey: 're_test',
      to: ['sales@example.com'],
      from: 'Leads <leads@example.com>',
      apiUrl: email.url,
    })
  const webhookNotifier = () => createWebhookNotifier({ url: webhook.webhookUrl, secret })
  const dispatcher = (
    notifiers: Notifier[] = [emailNotifier(), webhookNotifier()],
    db = test.db,
    timeoutMs = 2000,
  ) =>
    createNotificationDispatcher({
      store: createSqlNotificationStore(db),
      notifiers,
      timeoutMs,
      log: () => {},
      now: () => time,
    })
  const insert = (firstName = lead.firstName) => insertLead(test.db, { ...lead, firstName })
  const statusOf = async (id: string) =>
    (await createSqlLeadStore(test.db).list(100)).find((row) => row.id === id)?.notificationStatus
  const channelStatus = (id: string) =>
    test.db.query<{ channel: string; status: string }>(
      'select channel, status from public.demo_request_notifications where lead_id = $1 order by channel',
      [id],
    )

  it.skipIf(skip)('sends an email and a signed webhook once each, built from the row', async () => {
    const { id } = await insert()
    expect(await dispatcher().dispatch(id)).toEqual({ sent: 2, failed: 0 })
    expect(await statusOf(id)).toBe('sent')

    const [mail] = email.delivered
    expect(email.delivered).toHaveLength(1)
    expect(mail?.headers['idempotency-key']).toBe(`demo-request-${id}`)
    expect(mail?.body.text).toContain(`Request id: ${id}`)

    const [post] = webhook.delivered
    expect(webhook.delivered).toHaveLength(1)
    const headers = Object.fromEntries(
      Object.entries(post?.headers ?? {}).map(([name, value]) => [name, String(value)]),
    )
    // What a receiver does with the same library: the signature checks out over the raw body.
    expect(new Webhook(secret).verify(post?.raw ?? '', headers)).toMatchObject({
      type: 'demo_request.created',
      data: { id, firstName: lead.firstName, companyName: lead.companyName },
    })
    expect(() => new Webhook(secret).verify(`${post?.raw} `, headers)).toThrow()

    // Sent: nothing more goes out.
    expect(await dispatcher().retryDue()).toEqual({ sent: 0, failed: 0 })
    expect(email.received).toHaveLength(1)
  })

  describe('giving way to sends', () => {
    // A burst at once: a send in flight for the last second, on a clock moved on by as much.
    const burst = () => {
      let skew = 0
      const traffic = createSendTraffic({ memoryMs: 20, now: () => Date.now() + skew })
      const answered = traffic.begin()
      skew += 1000
      return { traffic, answered }
    }
    const yielding = (giveWay: NotificationDispatcherOptions['giveWay']) =>
      createNotificationDispatcher({
        store: createSqlNotificationStore(test.db),
        notifiers: [emailNotifier(), webhookNotifier()],
        timeoutMs: 2000,
        log: () => {},
        now: () => time,
        giveWay,
      })

    it.skipIf(skip)('waits for the send in flight, then goes', async () => {
      const { id } = await insert()
      const { traffic, answered } = burst()
      const dispatched = yielding({ traffic, maxWaitMs: 60_000 }).dispatch(id)
      // The window: another lead's whole delivery, by a dispatcher that gives way to nothing.
      const other = await insert('Grace')
      expect(await dispatcher().dispatch(other.id)).toEqual({ sent: 2, failed: 0 })
      expect(email.received).toHaveLength(1)
      expect(await channelStatus(id)).toEqual([])
      answered()
      expect(await dispatched).toEqual({ sent: 2, failed: 0 })
      expect(email.delivered).toHaveLength(2)
      expect(webhook.delivered).toHaveLength(2)
    })

    it.skipIf(skip)('goes at its longest wait though the sends never pause', async () => {
      await insert()
      const { traffic, answered } = burst()
      const since = Date.now()
      // The scheduled run gives way as a new lead's deliveries do, for as long.
      expect(await yielding({ traffic, maxWaitMs: 300 }).retryDue()).toEqual({
        sent: 2,
        failed: 0,
      })
      expect(Date.now() - since).toBeGreaterThanOrEqual(299)
      expect(traffic.pausedIn()).toBeNull()
      expect(email.delivered).toHaveLength(1)
      answered()
      const other = await insert('Grace')
      const again = burst()
      expect(await yielding({ traffic: again.traffic, maxWaitMs: 300 }).dispatch(other.id)).toEqual(
        { sent: 2, failed: 0 },
      )
      again.answered()
    })
  })

  it.skipIf(skip)('retries only the channel that failed', async () => {
    const { id } = await insert()
    webhook.script('fail')
    expect(await dispatcher().dispatch(id)).toEqual({ sent: 1, failed: 1 })
    expect(await statusOf(id)).toBe('failed')
    expect(await channelStatus(id)).toEqual([
      { channel: 'email', status: 'sent' },
      { channel: 'webhook', status: 'failed' },
    ])
    expect(await dispatcher().retryDue()).toEqual({ sent: 1, failed: 0 })
    expect(await statusOf(id)).toBe('sent')
    expect(email.received).toHaveLength(1)
    expect(webhook.received).toHaveLength(2)
    // Same message on both attempts; only the timestamp and signature are new.
    const [first, second] = webhook.received
    expect(second?.raw).toBe(first?.raw)
    expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id'])
  })

  it.skipIf(skip)('gives up on a hanging API at the timeout; the retry sends it once', async () => {
    const { id } = await insert()
    email.mode = 'hang'
    expect(await dispatcher([emailNotifier()], test.db, 150).dispatch(id)).toEqual({
      sent: 0,
      failed: 1,
    })
    expect(await statusOf(id)).toBe('failed')
    email.mode = 'accept'
    expect(await dispatcher([emailNotifier()]).retryDue()).toEqual({ sent: 1, failed: 0 })
    expect(await statusOf(id)).toBe('sent')
    expect(email.delivered).toHaveLength(1)
  })

  it.skipIf(skip)(
    'sends a late-accepted email exactly once: same body and key on every attempt',
    async () => {
      const { id } = await insert()
      // Accepted at once, answered only when released: the first attempt times out.
      email.script('late')
      expect(await dispatcher([emailNotifier()], test.db, 150).dispatch(id)).toEqual({
        sent: 0,
        failed: 1,
      })
      // Still in progress at the API: a 409 that is not a success, so it stays due, and waits
      // before the third try: not a moment before the wait is over, and then at once.
      expect(await dispatcher([emailNotifier()]).retryDue()).toEqual({ sent: 0, failed: 1 })
      email.releaseLate()
      wait(backoffSeconds(2) - 1)
      expect(await dispatcher([emailNotifier()]).retryDue()).toEqual({ sent: 0, failed: 0 })
      wait(1)
      // Done at the API: the same request gets the first answer, and no second email.
      expect(await dispatcher([emailNotifier()]).retryDue()).toEqual({ sent: 1, failed: 0 })
      expect(await statusOf(id)).toBe('sent')
      expect(email.delivered).toHaveLength(1)
      expect(email.received).toHaveLength(3)
      expect(new Set(email.received.map((request) => request.raw)).size).toBe(1)
      expect(new Set(email.received.map((request) => request.headers['idempotency-key']))).toEqual(
        new Set([`demo-request-${id}`]),
      )
    },
  )

  it.skipIf(skip)('counts a 409 "key already used" from the email API as sent', async () => {
    const { id } = await insert()
    email.script('conflict')
    expect(await dispatcher([emailNotifier()]).dispatch(id)).toEqual({ sent: 1, failed: 0 })
    expect(await statusOf(id)).toBe('sent')
    expect(await dispatcher([emailNotifier()]).retryDue()).toEqual({ sent: 0, failed: 0 })
  })

  it.skipIf(skip)('notifies every lead once after an outage, however many runs race', async () => {
    const ids: string[] = []
    for (let index = 0; index < 12; index++) ids.push((await insert(`Lead ${index}`)).id)
    email.mode = 'fail'
    webhook.mode = 'fail'
    // The outage: every first attempt fails.
    await Promise.all(ids.map((id) => dispatcher().dispatch(id)))
    email.mode = 'accept'
    webhook.mode = 'accept'
    // What is raced is the claim, not the notifiers' timeout: a send that outlived a short one on
    // a loaded machine is retried under the same idempotency key (one delivery, two requests).
    const patient = 60_000
    const runs = await Promise.all([
      dispatcher(undefined, test.db, patient).retryDue(),
      dispatcher(undefined, other, patient).retryDue(),
      dispatcher(undefined, other, patient).retryDue(),
    ])
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(24)
    expect(runs.reduce((sum, run) => sum + run.failed, 0)).toBe(0)
    // Each channel of each lead was attempted once after recovery: no double sends at all.
    const recovered = (api: EmailApiStandIn) =>
      api.received.filter((request) => request.answer === 'accept')
    expect(recovered(email)).toHaveLength(12)
    expect(recovered(webhook)).toHaveLength(12)
    expect(email.delivered).toHaveLength(12)
    expect(webhook.delivered).toHaveLength(12)
    for (const id of ids) expect(await statusOf(id)).toBe('sent')
  })

  describe('digests of leads held beyond the global limit', () => {
    // Leads stored beyond a global limit of 0, held until `heldUntil`.
    const hold = async (count: number, heldUntil: Date) => {
      const ids: string[] = []
      for (let index = 0; index < count; index++) {
        const outcome = await createSqlLeadStore(test.db).accept(
          { ...lead, firstName: `Held ${index}` },
          {
            clientKey: (heldUntil.getTime() * 100 + index).toString(16).padStart(64, '0'),
            windowStart: new Date(heldUntil.getTime() - 600_000),
            clientMax: 5,
            globalMax: 0,
            holdUntil: heldUntil,
          },
        )
        if (!('held' in outcome) || !outcome.held) throw new Error('The lead was not held')
        ids.push(outcome.id)
      }
      return ids
    }
    const ago = (seconds: number) => new Date(clock.getTime() - seconds * 1000)

    it.skipIf(skip)(
      'sends one digest per window and channel once it is over, and no lead',
      async () => {
        const over = ago(60)
        const ids = await hold(3, over)
        await hold(2, ago(-600)) // a window still open: its digest waits
        const justOver = ago(30)
        await hold(1, justOver)
        for (const id of ids)
          expect(await dispatcher().dispatch(id)).toEqual({ sent: 0, failed: 0 })
        expect(email.received).toHaveLength(0)

        expect(await dispatcher().retryDue()).toEqual({ sent: 4, failed: 0 })
        expect(email.delivered.map((mail) => mail.body.subject)).toEqual([
          `Demo requests: 3 demo requests held back in a rush that ended ${salesTime(over, 'UTC')}`,
          `Demo requests: 1 demo request held back in a rush that ended ${salesTime(justOver, 'UTC')}`,
        ])
        expect(email.delivered[0]?.headers['idempotency-key']).toBe(
          `demo-request-digest-${over.getTime() / 1000}`,
        )
        expect(email.delivered[0]?.body.text).toContain('Held 2 ')
        const [post] = webhook.delivered
        const headers = Object.fromEntries(
          Object.entries(post?.headers ?? {}).map(([name, value]) => [name, String(value)]),
        )
        expect(new Webhook(secret).verify(post?.raw ?? '', headers)).toMatchObject({
          type: 'demo_request.held_digest',
          data: { heldUntil: over.toISOString(), count: 3 },
        })
        for (const id of ids) expect(await statusOf(id)).toBe('held')

        // Sent: nothing more goes out, however often the job runs.
        expect(await dispatcher().retryDue()).toEqual({ sent: 0, failed: 0 })
        expect(email.received).toHaveLength(2)
      },
    )

    it.skipIf(skip)(
      'retries a failed digest alone, the same message under the same id',
      async () => {
        await hold(2, ago(60))
        webhook.script('fail')
        expect(await dispatcher().retryDue()).toEqual({ sent: 1, failed: 1 })
        expect(await dispatcher().retryDue()).toEqual({ sent: 1, failed: 0 })
        expect(email.received).toHaveLength(1)
        const [first, second] = webhook.received
        expect(webhook.received).toHaveLength(2)
        expect(second?.raw).toBe(first?.raw)
        expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id'])
      },
    )

    it.skipIf(skip)(
      'is sent in the same run as a backlog of leads larger than a run takes',
      async () => {
        await hold(1, ago(60))
        for (let index = 0; index < 6; index++) await insert(`Due ${index}`)
        const small = createNotificationDispatcher({
          store: createSqlNotificationStore(test.db),
          notifiers: [emailNotifier(), webhookNotifier()],
          timeoutMs: 2000,
          concurrency: 2,
          limit: 6,
          log: () => {},
          now: () => clock,
        })
        // 12 lead channels are due and the run takes 6 attempts: the 2 digests are among them.
        expect(await small.retryDue()).toEqual({ sent: 6, failed: 0 })
        const kinds = (api: EmailApiStandIn) =>
          api.delivered.map((mail) => String(mail.body.subject ?? mail.body.type))
        expect(kinds(email).filter((subject) => subject.includes('held back'))).toHaveLength(1)
        expect(kinds(webhook).filter((type) => type === 'demo_request.held_digest')).toHaveLength(1)
        // The next runs send the rest of the leads, and the digest not again.
        expect(await small.retryDue()).toEqual({ sent: 6, failed: 0 })
        expect(await small.retryDue()).toEqual({ sent: 2, failed: 0 })
        expect(email.delivered).toHaveLength(7)
        expect(webhook.delivered).toHaveLength(7)
      },
    )

    it.skipIf(skip)('is sent once per channel however many runs race', async () => {
      await hold(5, ago(60))
      const runs = await Promise.all([
        dispatcher(undefined, test.db).retryDue(),
        dispatcher(undefined, other).retryDue(),
        dispatcher(undefined, other).retryDue(),
      ])
      expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(2)
      expect(email.received).toHaveLength(1)
      expect(webhook.received).toHaveLength(1)
    })
  })

  it.skipIf(skip)('never throws from dispatch: the lead stays due', async () => {
    const broken: NotificationStore = {
      claimDue: () => Promise.reject(new Error('connect ECONNREFUSED')),
      recordOutcomes: () => Promise.reject(new Error('connect ECONNREFUSED')),
      claimDueDigests: () => Promise.reject(new Error('connect ECONNREFUSED')),
      recordDigestOutcome: () => Promise.reject(new Error('connect ECONNREFUSED')),
      claimDueBookings: () => Promise.reject(new Error('connect ECONNREFUSED')),
      recordBookingOutcome: () => Promise.reject(new Error('connect ECONNREFUSED')),
      claimDueNoBookings: () => Promise.reject(new Error('connect ECONNREFUSED')),
      recordNoBookingOutcome: () => Promise.reject(new Error('connect ECONNREFUSED')),
      claimDueStatuses: () => Promise.reject(new Error('connect ECONNREFUSED')),
      recordStatusOutcome: () => Promise.reject(new Error('connect ECONNREFUSED')),
      prune: () => Promise.reject(new Error('connect ECONNREFUSED')),
    }
    const log = vi.fn()
    const failing = createNotificationDispatcher({
      store: broken,
      notifiers: [emailNotifier()],
      timeoutMs: 100,
      log,
    })
    expect(await failing.dispatch('00000000-0000-4000-8000-000000000000')).toEqual({
      sent: 0,
      failed: 0,
    })
    expect(log).toHaveBeenCalled()
    await expect(failing.retryDue()).rejects.toThrow('ECONNREFUSED')
  })

  it.skipIf(skip)('does nothing without notifiers', async () => {
    const { id } = await insert()
    expect(await dispatcher([]).dispatch(id)).toEqual({ sent: 0, failed: 0 })
    expect(await dispatcher([]).retryDue()).toEqual({ sent: 0, failed: 0 })
    expect(await statusOf(id)).toBe('pending')
  })
})
