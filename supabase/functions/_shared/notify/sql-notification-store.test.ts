import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { insertLead } from '../../../../tests/support/insert-lead.ts'
import { sampleNewDemoRequest as lead } from '../../../../tests/support/sample-lead.ts'
import { type TestDatabase, testDatabases } from '../../../../tests/support/test-database.ts'
import { createPostgresDatabase } from '../db/postgres-database.ts'
import type { SqlDatabase } from '../db/sql-database.ts'
import { createSqlLeadStore } from '../lead/sql-lead-store.ts'
import type {
  ClaimedNotification,
  ClaimOptions,
  NotificationOutcome,
  NotificationStore,
} from './notification-store.ts'
import type { NotificationChannel } from './notifier.ts'
import { createSqlNotificationStore } from './sql-notification-store.ts'

const backends = testDatabases

const both: NotificationChannel[] = ['email', 'webhook']
// The one clock of leases: fixed, so a lease runs out only when a test moves it on.
const clock = new Date('2026-03-01T10:00:00Z')
const later = (seconds: number) => new Date(clock.getTime() + seconds * 1000)
const options = (extra: Partial<ClaimOptions> = {}): ClaimOptions => ({
  channels: both,
  limit: 10,
  leaseSeconds: 60,
  now: clock,
  ...extra,
})
// One claim's outcome, as a dispatcher records a channel tried alone.
const recordOne = (
  store: NotificationStore,
  claim: ClaimedNotification,
  outcome: NotificationOutcome,
  channels: readonly NotificationChannel[],
  now: Date,
) => store.recordOutcomes([{ claim, outcome }], channels, now)

const keys = (claims: ClaimedNotification[]) =>
  claims.map((claim) => `${claim.lead.id}/${claim.channel}`).sort()

describe.each(backends)('the SQL notification store on $name', ({ open, skip }) => {
  let test: TestDatabase
  // A second connection pool: another function instance, or the retry command.
  let other: SqlDatabase
  const store = (db = test.db) => createSqlNotificationStore(db)
  const leads = () => ({
    insert: (request: typeof lead) => insertLead(test.db, request),
    list: createSqlLeadStore(test.db).list,
  })
  const channelRows = (leadId: string) =>
    test.db.query<{ channel: string; status: string; attempts: number; last_error: string }>(
      `select channel, status, attempts, last_error from public.demo_request_notifications
       where lead_id = $1 order by channel`,
      [leadId],
    )
  const leadRow = async (id: string) => (await leads().list(100)).find((row) => row.id === id)

  beforeAll(async () => {
    if (skip) return
    test = await open()
    other = test.cluster ? createPostgresDatabase(test.cluster.url) : test.db
  }, 60_000)
  afterAll(async () => {
    if (other !== test?.db) await other?.close()
    await test?.close()
  })
  beforeEach(async () => {
    await test?.reset()
  })

  it.skipIf(skip)('claims each channel of a new lead once, with the row as stored', async () => {
    const { id } = await leads().insert(lead)
    const claims = await store().claimDue(options({ leadId: id }))
    expect(keys(claims)).toEqual([`${id}/email`, `${id}/webhook`])
    const stored = await leadRow(id)
    expect(claims[0]).toMatchObject({
      attempt: 1,
      lead: {
        id,
        firstName: lead.firstName,
        companyName: lead.companyName,
        source: lead.source,
        createdAt: stored?.createdAt,
      },
    })
    // Claimed: nobody else gets them while the lease lasts.
    expect(await store(other).claimDue(options())).toEqual([])
    expect((await channelRows(id)).map((row) => row.status)).toEqual(['pending', 'pending'])
  })

  it.skipIf(skip)('never hands the same channel to two claimers at once', async () => {
    const ids = []
    for (let index = 0; index < 15; index++) {
      ids.push((await leads().insert({ ...lead, firstName: `Lead ${index}` })).id)
    }
    const claimed: ClaimedNotification[] = []
    const claimer = async (db: SqlDatabase) => {
      for (;;) {
        const batch = await store(db).claimDue(options({ limit: 3 }))
        if (batch.length === 0) return
        claimed.push(...batch)
      }
    }
    await Promise.all([claimer(test.db), claimer(other), claimer(test.db), claimer(other)])
    expect(keys(claimed)).toEqual(ids.flatMap((id) => [`${id}/email`, `${id}/webhook`]).sort())
  })

  it.skipIf(skip)('records each channel and sums the lead up', async () => {
    const { id } = await leads().insert(lead)
    const [email, webhook] = await store().claimDue(options({ leadId: id }))
    if (!email || !webhook) throw new Error('Expected two claims')
    await recordOne(store(), email, { status: 'sent' }, both, clock)
    await recordOne(
      store(),
      webhook,
      { status: 'failed', error: 'Webhook answered 500', retryAt: clock, dead: false },
      both,
      clock,
    )
    expect(await leadRow(id)).toMatchObject({
      notificationStatus: 'failed',
      notificationAttempts: 2,
      notificationError: 'webhook: Webhook answered 500',
      notifiedAt: null,
    })

    // Only the failed channel is due again.
    const [again, ...rest] = await store().claimDue(options())
    expect(rest).toEqual([])
    expect(again).toMatchObject({ channel: 'webhook', attempt: 2 })
    if (!again) throw new Error('Expected a claim')
    await recordOne(store(), again, { status: 'sent' }, both, clock)
    expect(await leadRow(id)).toMatchObject({
      notificationStatus: 'sent',
      notificationAttempts: 3,
      notificationError: null,
      notifiedAt: clock,
    })
    expect(await channelRows(id)).toEqual([
      { channel: 'email', status: 'sent', attempts: 1, last_error: null },
      { channel: 'webhook', status: 'sent', attempts: 2, last_error: null },
    ])
    expect(await store().claimDue(options())).toEqual([])
  })

  it.skipIf(skip)(
    'takes over a claim whose lease ran out, and fences off the old attempt',
    async () => {
      const { id } = await leads().insert(lead)
      const [first] = await store().claimDue(options({ channels: ['email'] }))
      if (!first) throw new Error('Expected a claim')
      // Within its lease the claim keeps others away; a second after it, it is taken over.
      expect(await store(other).claimDue(options({ channels: ['email'], now: later(59) }))).toEqual(
        [],
      )
      const [second] = await store(other).claimDue(options({ channels: ['email'], now: later(61) }))
      expect(second).toMatchObject({ channel: 'email', attempt: 2 })
      if (!second) throw new Error('Expected a claim')

      // The first worker's late failure must not release the second one's claim.
      await recordOne(
        store(),
        first,
        { status: 'failed', error: 'timed out', retryAt: clock, dead: false },
        ['email'],
        clock,
      )
      expect(await channelRows(id)).toMatchObject([{ status: 'pending', last_error: null }])
      expect(await store().claimDue(options({ channels: ['email'], now: later(62) }))).toEqual([])

      await recordOne(store(other), second, { status: 'sent' }, ['email'], clock)
      // Nor may a failure recorded after it undo the success.
      await recordOne(
        store(),
        second,
        { status: 'failed', error: 'late', retryAt: clock, dead: false },
        ['email'],
        clock,
      )
      expect(await channelRows(id)).toMatchObject([{ status: 'sent' }])
      expect(await leadRow(id)).toMatchObject({ notificationStatus: 'sent' })
    },
  )

  it.skipIf(skip)('leaves spam alone, and sent leads when a channel is added later', async () => {
    await leads().insert({ ...lead, isSpam: true })
    const { id } = await leads().insert(lead)
    const [email] = await store().claimDue(options({ channels: ['email'] }))
    if (!email) throw new Error('Expected a claim')
    await recordOne(store(), email, { status: 'sent' }, ['email'], clock)
    expect(await leadRow(id)).toMatchObject({ notificationStatus: 'sent' })
    // Configuring a webhook now must not post every lead ever sent.
    expect(await store().claimDue(options())).toEqual([])
    // A lead still pending gets the new channel too.
    const pending = await leads().insert({ ...lead, firstName: 'Grace' })
    expect(keys(await store().claimDue(options()))).toEqual([
      `${pending.id}/email`,
      `${pending.id}/webhook`,
    ])
  })

  it.skipIf(skip)('passes over what a run has tried, and claims one lead alone', async () => {
    const a = await leads().insert(lead)
    const b = await leads().insert({ ...lead, firstName: 'Grace' })
    const channels: NotificationChannel[] = ['email']
    const [onlyB, ...none] = await store().claimDue(options({ channels, leadId: b.id }))
    expect(none).toEqual([])
    expect(onlyB?.lead.id).toBe(b.id)
    if (!onlyB) throw new Error('Expected a claim')
    await recordOne(
      store(),
      onlyB,
      { status: 'failed', error: 'down', retryAt: clock, dead: false },
      channels,
      clock,
    )
    const claims = await store().claimDue(options({ channels, skip: [`${b.id}/email`] }))
    expect(keys(claims)).toEqual([`${a.id}/email`])
  })

  it.skipIf(skip)('claims nothing without channels', async () => {
    await leads().insert(lead)
    expect(await store().claimDue(options({ channels: [] }))).toEqual([])
  })
})
