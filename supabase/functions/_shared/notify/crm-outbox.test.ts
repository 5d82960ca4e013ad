// The CRMs through the outbox, on PGlite and PostgreSQL 15 against the stand-ins: leads sent
// many to a call, each lead's outcome its own; a status staff give a lead in the console,
// queued in the change's own transaction, sent by the job runner, retried with the backoff,
// dead-lettered, and never a second record; and its meeting's outcome, the same way.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { LeadDetail, PipelineStatus } from '#core/console-api.ts'
import {
  addConsoleStaff,
  type ConsolePerson,
  consoleHandlerOn,
  consoleRequest,
  staffToken,
} from '../../../../tests/support/console-staff.ts'
import { hubSpotNotifierOn, salesforceNotifierOn } from '../../../../tests/support/crm-notifiers.ts'
import {
  type HubSpotStandIn,
  startHubSpotStandIn,
} from '../../../../tests/support/hubspot-stand-in.ts'
import { insertLead } from '../../../../tests/support/insert-lead.ts'
import {
  type SalesforceStandIn,
  startSalesforceStandIn,
} from '../../../../tests/support/salesforce-stand-in.ts'
import { sampleContact, sampleNewDemoRequest } from '../../../../tests/support/sample-lead.ts'
import { type TestDatabase, testDatabases } from '../../../../tests/support/test-database.ts'
import { createSqlBookingStore } from '../booking/sql-booking-store.ts'
import type { ConsoleHandler } from '../console/console-handler.ts'
import { backoffSeconds } from './delivery-schedule.ts'
import { createDealProperties } from './hubspot/hubspot-setup.ts'
import { createNotificationDispatcher } from './notification-dispatcher.ts'
import { createSqlNotificationStore } from './sql-notification-store.ts'

const lead = { ...sampleNewDemoRequest, ...sampleContact }

describe.each(testDatabases)('the CRMs through the outbox on $name', ({ open, skip }) => {
  let test: TestDatabase
  let hubspot: HubSpotStandIn
  let salesforce: SalesforceStandIn
  let handler: ConsoleHandler
  let time: Date
  // The org's picklist as it starts, which a test changes.
  let picklist: string[] = []

  const notifiers = () => [hubSpotNotifierOn(hubspot), salesforceNotifierOn(salesforce)]

  beforeAll(async () => {
    if (skip) return
    ;[test, hubspot, salesforce] = await Promise.all([
      open(),
      startHubSpotStandIn(),
      startSalesforceStandIn(),
    ])
    await createDealProperties({ apiUrl: hubspot.url, accessToken: hubspot.token })
    picklist = salesforce.leadStatuses
    handler = consoleHandlerOn(test.db, null, notifiers())
  }, 60_000)
  afterAll(() => Promise.all([test?.close(), hubspot?.close(), salesforce?.close()]))
  beforeEach(async () => {
    if (skip) return
    time = new Date()
    await test.reset()
    await addConsoleStaff(test.db)
    hubspot.deals.length = 0
    hubspot.contacts.length = 0
    hubspot.associations.clear()
    salesforce.leads.clear()
    salesforce.leadStatuses = picklist
    salesforce.refusedByRule.clear()
    salesforce.locked.clear()
    hubspot.requests.length = 0
    salesforce.requests.length = 0
  })
  const wait = (seconds: number) => {
    time = new Date(time.getTime() + seconds * 1000)
  }

  const dispatcher = (maxAttempts = 16) =>
    createNotificationDispatcher({
      store: createSqlNotificationStore(test.db),
      notifiers: notifiers(),
      // Well beyond any answer of the stand-ins on a busy machine: no attempt here times out.
      timeoutMs: 10_000,
      maxAttempts,
      log: () => {},
      now: () => time,
    })
  const setStatus = async (id: string, status: PipelineStatus, person: ConsolePerson = 'sales') =>
    handler(
      consoleRequest(`leads/${id}`, await staffToken(person), {
        method: 'PATCH',
        body: { status },
      }),
    )
  const rows = (id: string) =>
    test.db.query<{ channel: string; pipeline_status: string; status: string; attempts: number }>(
      `select channel, pipeline_status, status, attempts from public.demo_request_status_notifications
        where lead_id = $1 order by channel`,
      [id],
    )
  const statusUpdates = () =>
    hubspot.requests.filter((request) => request.path.endsWith('/deals/batch/update')).length +
    salesforce.requests.filter((request) => request.path.includes('/sobjects/Lead/')).length

  const calls = (api: { requests: { path: string; body: string }[] }, path: string) =>
    api.requests.filter((request) => request.path.endsWith(path))
  const recordsOf = (request: { body: string } | undefined) =>
    (JSON.parse(request?.body ?? '{}') as { records?: unknown[] }).records?.length
  const leadRow = (id: string, channel: string) =>
    test.db
      .query<{ status: string; attempts: number }>(
        `select status, attempts from public.demo_request_notifications
          where lead_id = $1 and channel = $2`,
        [id, channel],
      )
      .then((found) => found[0])
  const insertEach = (names: string[]) =>
    Promise.all(
      names.map(
        async (firstName) =>
          (await insertLead(test.db, { ...lead, firstName, email: `${firstName}@x.example` })).id,
      ),
    )

  it.skipIf(skip)(
    'sends waiting leads many to a call, failing each refused lead alone',
    async () => {
      const ids = await insertEach(['Ada', 'Bea', 'Cy', 'Di'])
      // HubSpot refuses an invalid email, which fails its whole batch; the org's validation rule
      // refuses one Lead, and another is locked by a write of its own for now.
      const badEmail = (await insertLead(test.db, { ...lead, email: 'eve@nowhere' })).id
      const [, refused, locked] = ids as [string, string, string, string]
      salesforce.refusedByRule.add(refused)
      salesforce.locked.add(locked)
      expect(await dispatcher().retryDue()).toEqual({ sent: 7, failed: 3 })
      // One call each for five leads; HubSpot's refused batch of contacts is sent again one
      // contact a call, so the invalid email falls on its own lead.
      const collections = () => calls(salesforce, '/composite/sobjects/Lead/Demo_Request_Id__c')
      expect(collections()).toHaveLength(1)
      expect(recordsOf(collections()[0])).toBe(5)
      expect(calls(hubspot, '/deals/batch/upsert')).toHaveLength(1)
      expect(calls(hubspot, '/associations/deals/contacts/batch/create')).toHaveLength(1)
      expect(calls(hubspot, '/contacts/batch/upsert')).toHaveLength(1 + 5)
      expect(hubspot.deals.map((deal) => deal.properties.demo_request_id).sort()).toEqual(
        [...ids].sort(),
      )
      expect(await leadRow(badEmail, 'hubspot')).toMatchObject({ status: 'dead' })
      expect(await leadRow(refused, 'salesforce')).toMatchObject({ status: 'dead' })
      expect(await leadRow(locked, 'salesforce')).toMatchObject({ status: 'failed', attempts: 1 })

      // The locked Lead is tried again alone, on its own backoff.
      expect(await dispatcher().retryDue()).toEqual({ sent: 0, failed: 1 })
      expect(recordsOf(collections().at(-1))).toBe(1)
      salesforce.locked.clear()
      wait(backoffSeconds(2) - 1)
      expect(await dispatcher().retryDue()).toEqual({ sent: 0, failed: 0 })
      wait(1)
      expect(await dispatcher().retryDue()).toEqual({ sent: 1, failed: 0 })
      expect(recordsOf(collections().at(-1))).toBe(1)
      expect(salesforce.leads.size).toBe(4)
      expect(hubspot.deals).toHaveLength(4)
    },
  )

  it.skipIf(skip)(
    'pauses the channel on a limit reply to a batch, then sends it again',
    async () => {
      const ids = await insertEach(['Ada', 'Bea', 'Cy'])
      hubspot.failNext('TEN_SECONDLY_ROLLING')
      const worker = dispatcher()
      expect(await worker.retryDue()).toEqual({ sent: 3, failed: 3 })
      // A lead sent now waits out the pause on HubSpot, and goes to Salesforce.
      const [late = ''] = await insertEach(['Late'])
      expect(await worker.dispatch(late)).toEqual({ sent: 1, failed: 0 })
      wait(9)
      expect(await worker.retryDue()).toEqual({ sent: 0, failed: 0 })
      wait(1)
      expect(await worker.retryDue()).toEqual({ sent: 4, failed: 0 })
      expect(hubspot.deals.map((deal) => deal.properties.demo_request_id).sort()).toEqual(
        [...ids, late].sort(),
      )
      expect(calls(hubspot, '/deals/batch/upsert')).toHaveLength(1)
    },
  )

  it.skipIf(skip)('sends leads dispatched at once, each once', async () => {
    const ids = await insertEach(['Ada', 'Bea', 'Cy', 'Di', 'Eve'])
    const worker = dispatcher()
    const counts = await Promise.all(ids.map((id) => worker.dispatch(id)))
    expect(counts).toEqual(ids.map(() => ({ sent: 2, failed: 0 })))
    expect(hubspot.deals.map((deal) => deal.properties.demo_request_id).sort()).toEqual(
      [...ids].sort(),
    )
    expect([...salesforce.leads.keys()].sort()).toEqual([...ids].sort())
    expect(hubspot.contacts).toHaveLength(5)
    expect([...hubspot.associations.values()].map((contacts) => contacts.size)).toEqual(
      ids.map(() => 1),
    )
  })

  it.skipIf(skip)("moves the deal's stage and the Lead's Status, in one record each", async () => {
    const { id } = await insertLead(test.db, lead)
    await dispatcher().dispatch(id)
    expect((await setStatus(id, 'lost')).status).toBe(200)
    // Queued with the change, for each CRM set, before any run sends it.
    expect(await rows(id)).toMatchObject([
      { channel: 'hubspot', pipeline_status: 'lost', status: 'pending' },
      { channel: 'salesforce', pipeline_status: 'lost', status: 'pending' },
    ])
    expect(await dispatcher().retryDue()).toEqual({ sent: 2, failed: 0 })
    expect(hubspot.dealOf(id)?.properties).toMatchObject({
      pipeline: 'default',
      dealstage: 'closedlost',
    })
    expect(salesforce.leads.get(id)?.fields.Status).toBe('Closed - Not Converted')

    // "Won" is a stage in HubSpot; in Salesforce it is the Lead's conversion, left to its
    // people: nothing is asked of it, and the delivery is done.
    await setStatus(id, 'won')
    expect(await dispatcher().retryDue()).toEqual({ sent: 2, failed: 0 })
    expect(hubspot.dealOf(id)?.properties.dealstage).toBe('closedwon')
    expect(salesforce.leads.get(id)?.fields.Status).toBe('Closed - Not Converted')
    expect(hubspot.deals).toHaveLength(1)
    expect([...salesforce.leads.keys()]).toEqual([id])

    // Marketing may not change a status: no change, nothing queued.
    expect((await setStatus(id, 'new', 'marketing')).status).toBe(403)
    expect((await rows(id)).map((row) => row.pipeline_status)).toEqual(['won', 'won'])
  })

  it.skipIf(skip)(
    'waits for the records, retries with the backoff and dead-letters a refused status',
    async () => {
      const { id } = await insertLead(test.db, lead)
      // The status comes while the lead's own delivery fails: neither CRM has a record for it
      // yet, and the status waits, never making one of its own.
      hubspot.failNext('error')
      salesforce.failNext('error')
      await setStatus(id, 'lost')
      expect(await dispatcher().retryDue()).toEqual({ sent: 0, failed: 4 })
      expect(hubspot.deals).toHaveLength(0)
      expect(salesforce.leads.size).toBe(0)
      expect(await rows(id)).toMatchObject([
        { status: 'failed', attempts: 1 },
        { status: 'failed', attempts: 1 },
      ])
      // The next run makes the records, then moves them.
      expect(await dispatcher().retryDue()).toEqual({ sent: 4, failed: 0 })
      expect(hubspot.dealOf(id)?.properties.dealstage).toBe('closedlost')
      expect(salesforce.leads.get(id)?.fields.Status).toBe('Closed - Not Converted')

      // Failures wait as every delivery's do; a value the org's picklist no longer has is
      // refused for good: a dead letter, tried no more.
      salesforce.leadStatuses = picklist.filter((value) => value !== 'Open - Not Contacted')
      salesforce.failNext('error', 'error')
      await setStatus(id, 'new')
      expect(await dispatcher().retryDue()).toEqual({ sent: 1, failed: 1 })
      expect(await dispatcher().retryDue()).toEqual({ sent: 0, failed: 1 })
      wait(backoffSeconds(2) - 1)
      expect(await dispatcher().retryDue()).toEqual({ sent: 0, failed: 0 })
      wait(1)
      expect(await dispatcher().retryDue()).toEqual({ sent: 0, failed: 1 })
      expect((await rows(id))[1]).toMatchObject({ status: 'dead', pipeline_status: 'new' })
      wait(86_400)
      expect(await dispatcher().retryDue()).toEqual({ sent: 0, failed: 0 })
      expect(hubspot.dealOf(id)?.properties.dealstage).toBe('appointmentscheduled')
      expect(hubspot.deals).toHaveLength(1)
      expect(salesforce.leads.size).toBe(1)
    },
  )

  it.skipIf(skip)('sends the latest of changes made while one was on its way', async () => {
    const { id } = await insertLead(test.db, lead)
    await dispatcher().dispatch(id)
    await setStatus(id, 'contacted')
    await setStatus(id, 'qualified')
    const store = createSqlNotificationStore(test.db)
    const claims = await store.claimDueStatuses({
      channels: ['hubspot'],
      limit: 1,
      leaseSeconds: 60,
      now: time,
    })
    expect(claims.map((claim) => claim.change.status)).toEqual(['qualified'])
    // Staff change it again while "qualified" is being sent; that send's success does not mark
    // the newer change sent, and its lease is let go, so the next run sends "lost".
    await setStatus(id, 'lost')
    const [claim] = claims
    if (claim) await store.recordStatusOutcome(claim, { status: 'sent' }, time)
    expect((await rows(id))[0]).toMatchObject({ pipeline_status: 'lost', status: 'pending' })
    const before = statusUpdates()
    expect(await dispatcher().retryDue()).toEqual({ sent: 2, failed: 0 })
    expect(statusUpdates() - before).toBe(2)
    expect(hubspot.dealOf(id)?.properties.dealstage).toBe('closedlost')
    expect(salesforce.leads.get(id)?.fields.Status).toBe('Closed - Not Converted')
  })

  it.skipIf(skip)(
    "sends a meeting's outcome once to each CRM, and leaves the stage alone",
    async () => {
      const { id } = await insertLead(test.db, lead)
      await dispatcher().dispatch(id)
      await setStatus(id, 'lost')
      expect(await dispatcher().retryDue()).toEqual({ sent: 2, failed: 0 })
      // Sales move the deal on in HubSpot by hand; the demo, booked to have begun an hour ago,
      // is marked a no-show in the console while Salesforce fails once.
      const deal = hubspot.dealOf(id)
      if (deal) deal.properties.dealstage = 'contractsent'
      const booking = (state: 'booked' | 'cancelled') =>
        createSqlBookingStore(test.db).apply(
          {
            provider: 'cal',
            bookingId: 'bk-crm',
            requestId: id,
            state,
            startTime: new Date(time.getTime() - 3_600_000).toISOString(),
            timeZone: '',
            // The cancellation said after the booking.
            occurredAt: new Date(time.getTime() - (state === 'booked' ? 60_000 : 0)).toISOString(),
          },
          [],
          time,
        )
      await booking('booked')
      salesforce.failNext('error')
      const marked = await handler(
        consoleRequest(`leads/${id}/meeting`, await staffToken('sales'), {
          method: 'POST',
          body: { outcome: 'no_show' },
        }),
      )
      expect(marked.status).toBe(200)
      const outcomes = () => [
        hubspot.requests.filter((request) => request.body.includes('demo_meeting_outcome')).length,
        salesforce.requests.filter((request) => request.body.includes('Demo_Meeting_Outcome__c'))
          .length,
      ]
      expect(await dispatcher().retryDue()).toEqual({ sent: 1, failed: 1 })
      expect(await dispatcher().retryDue()).toEqual({ sent: 1, failed: 0 })
      expect(await dispatcher().retryDue()).toEqual({ sent: 0, failed: 0 })
      // HubSpot's once; Salesforce's refused once, then taken: no more is sent.
      expect(outcomes()).toEqual([1, 2])
      expect(hubspot.dealOf(id)?.properties).toMatchObject({
        dealstage: 'contractsent',
        demo_meeting_outcome: 'no_show',
      })
      expect(salesforce.leads.get(id)?.fields).toMatchObject({
        Status: 'Closed - Not Converted',
        Demo_Meeting_Outcome__c: 'no_show',
      })
      const detail = (await (
        await handler(consoleRequest(`leads/${id}`, await staffToken('sales')))
      ).json()) as LeadDetail
      expect(detail.history).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: 'meeting', text: 'no_show', by: 'sales@firm.example' }),
          expect.objectContaining({ kind: 'status_notified', text: 'hubspot: no_show' }),
          expect.objectContaining({ kind: 'status_notified', text: 'salesforce: no_show' }),
        ]),
      )

      // The booking cancelled leaves no meeting to speak of: both fields are emptied.
      await booking('cancelled')
      expect(await dispatcher().retryDue()).toEqual({ sent: 2, failed: 0 })
      expect(hubspot.dealOf(id)?.properties.demo_meeting_outcome).toBe('')
      expect(salesforce.leads.get(id)?.fields).not.toHaveProperty('Demo_Meeting_Outcome__c')
      expect(hubspot.deals).toHaveLength(1)
      expect(salesforce.leads.size).toBe(1)
    },
  )
})
