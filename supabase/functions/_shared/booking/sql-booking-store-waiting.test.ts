// Bookings that wait for the host's confirmation or a payment before they are booked, as
// Cal.com reports them (providers/cal-webhook.ts): each change applied once, in any order.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { bookingStoreFixture } from '../../../../tests/support/booking-store-fixture.ts'
import { everyOrder } from '../../../../tests/support/every-order.ts'
import { insertLead } from '../../../../tests/support/insert-lead.ts'
import { sampleNewDemoRequest } from '../../../../tests/support/sample-lead.ts'
import { type TestDatabase, testDatabases } from '../../../../tests/support/test-database.ts'
import type { BookingEvent } from './booking-event.ts'

const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 10, minute)).toISOString()

// What Cal.com's deliveries of one booking (uid bk-1) come to; `requestId` is the lead's.
const deliveries = {
  requested: { state: 'requested', occurredAt: at(0), lead: true },
  paymentInitiated: { state: 'awaiting_payment', occurredAt: at(0), lead: true },
  requestedOncePaid: { state: 'requested', occurredAt: at(5), lead: true },
  // The BOOKING_CREATED of a confirmation, and BOOKING_PAID, carry no demoRequestId.
  created: { state: 'booked', occurredAt: at(10), lead: false },
  paid: { state: 'booked', occurredAt: at(10), lead: false },
  // BOOKING_PAID with PENDING: paid, and still waiting for the host (before BOOKING_REQUESTED).
  paidPending: { state: 'requested', occurredAt: at(5), lead: false },
  rejected: { state: 'rejected', occurredAt: at(10), lead: false },
  cancelled: { state: 'cancelled', occurredAt: at(20), lead: true },
} as const
type Delivery = keyof typeof deliveries

describe.each(testDatabases)('waiting bookings in the booking store on $name', ({ open, skip }) => {
  let test: TestDatabase
  let leadId: string
  beforeAll(async () => {
    if (!skip) test = await open()
  }, 60_000)
  afterAll(() => test?.close())
  beforeEach(async () => {
    if (skip) return
    await test.reset()
    leadId = (await insertLead(test.db, sampleNewDemoRequest)).id
  })

  const apply = (change: Partial<BookingEvent>) => bookingStoreFixture(test.db).apply(change)
  const deliver = (name: Delivery, change: Partial<BookingEvent> = {}) => {
    const { state, occurredAt, lead: named } = deliveries[name]
    return apply({ state, occurredAt, requestId: named ? leadId : undefined, ...change })
  }
  const lead = () => bookingStoreFixture(test.db).lead()
  const told = async () =>
    (await bookingStoreFixture(test.db).notifications()).map(
      (row) => `${row.booking_id} ${row.notice} ${row.channel}`,
    )

  it.skipIf(skip)('holds a requested booking as requested, and tells sales nothing', async () => {
    expect(await deliver('requested')).toEqual({ leadId, notice: null })
    expect(await lead()).toMatchObject({
      bookingState: 'requested',
      bookingStart: new Date('2026-12-01T15:00:00Z'),
      bookingProvider: 'cal',
      bookingId: 'bk-1',
    })
    expect(await told()).toEqual([])
  })

  it.skipIf(skip)(
    'books it when the host confirms, found through the booking, and tells sales once',
    async () => {
      await deliver('requested')
      expect(await deliver('created')).toEqual({
        leadId,
        notice: { provider: 'cal', bookingId: 'bk-1', notice: 'booked' },
      })
      expect(await deliver('created')).toEqual({ leadId, notice: null })
      expect(await lead()).toMatchObject({ bookingState: 'booked', bookingId: 'bk-1' })
      expect(await told()).toEqual(['bk-1 booked email', 'bk-1 booked webhook'])
    },
  )

  for (const order of everyOrder<Delivery>(['requested', 'created', 'created'])) {
    it.skipIf(skip)(
      `ends booked, told once, for a confirmation in the order ${order}`,
      async () => {
        for (const name of order) await deliver(name)
        expect(await lead()).toMatchObject({ bookingState: 'booked', bookingId: 'bk-1' })
        expect(await told()).toEqual(['bk-1 booked email', 'bk-1 booked webhook'])
      },
    )
  }

  for (const order of everyOrder<Delivery>(['paymentInitiated', 'created', 'paid'])) {
    it.skipIf(skip)(`ends booked, told once, for a payment in the order ${order}`, async () => {
      for (const name of order) await deliver(name)
      expect(await lead()).toMatchObject({ bookingState: 'booked', bookingId: 'bk-1' })
      expect(await told()).toEqual(['bk-1 booked email', 'bk-1 booked webhook'])
    })
  }

  // Cal.com's paid event type that also needs the host: PAYMENT_INITIATED, PAID (PENDING),
  // REQUESTED, then CREATED or REJECTED; sales hear "booked" once, or nothing.
  for (const order of everyOrder<Delivery>([
    'paymentInitiated',
    'paidPending',
    'requestedOncePaid',
  ])) {
    it.skipIf(skip)(`paid and confirmed ends booked, told once: ${order},created`, async () => {
      for (const name of order) {
        await deliver(name)
        expect((await lead())?.bookingState ?? null).not.toBe('booked')
      }
      expect(await told()).toEqual([])
      await deliver('created')
      expect(await lead()).toMatchObject({ bookingState: 'booked', bookingId: 'bk-1' })
      expect(await told()).toEqual(['bk-1 booked email', 'bk-1 booked webhook'])
    })
  }

  for (const order of everyOrder<Delivery>(['paidPending', 'requestedOncePaid', 'rejected'])) {
    it.skipIf(skip)(`paid and rejected ends rejected, telling nobody: ${order}`, async () => {
      await deliver('paymentInitiated')
      for (const name of order) await deliver(name)
      expect(await lead()).toMatchObject({ bookingState: 'rejected', bookingId: 'bk-1' })
      expect(await told()).toEqual([])
    })
  }

  it.skipIf(skip)('waits on payment, then on the host, whichever word came first', async () => {
    await deliver('paymentInitiated')
    expect((await lead())?.bookingState).toBe('awaiting_payment')
    await deliver('requestedOncePaid')
    expect((await lead())?.bookingState).toBe('requested')
    // The payment's older word, delivered again late, does not take the lead back.
    await deliver('paymentInitiated')
    expect((await lead())?.bookingState).toBe('requested')
    expect(await told()).toEqual([])
  })

  for (const order of everyOrder<Delivery>(['requested', 'rejected'])) {
    it.skipIf(skip)(`ends rejected, telling nobody, in the order ${order}`, async () => {
      for (const name of order) await deliver(name)
      // A confirmation that cannot follow a rejection changes nothing either.
      await deliver('created')
      expect(await lead()).toMatchObject({ bookingState: 'rejected', bookingId: 'bk-1' })
      expect(await told()).toEqual([])
    })
  }

  it.skipIf(skip)(
    'never takes a booked booking back to waiting, whenever a waiting word comes again',
    async () => {
      await deliver('requested')
      await deliver('created')
      // A delivery repeated later, stamped after the booking: the booking stays booked.
      await deliver('requested', { occurredAt: at(15) })
      await deliver('paymentInitiated', { occurredAt: at(16) })
      expect(await lead()).toMatchObject({ bookingState: 'booked', bookingId: 'bk-1' })
      expect(await told()).toEqual(['bk-1 booked email', 'bk-1 booked webhook'])
    },
  )

  it.skipIf(skip)('ends a requested booking cancelled, telling nobody', async () => {
    await deliver('requested')
    await deliver('cancelled')
    await deliver('requested')
    expect(await lead()).toMatchObject({ bookingState: 'cancelled', bookingId: 'bk-1' })
    expect(await told()).toEqual([])
  })

  it.skipIf(skip)(
    'keeps a booked lead booked while a new time waits for the host, and moves it once booked',
    async () => {
      await deliver('requested')
      await deliver('created')
      // Rescheduled to a time the host must confirm: the request names the booking it replaces.
      const moved = { bookingId: 'bk-2', startTime: '2026-12-03T09:30:00.000Z' }
      expect(
        await deliver('requested', { ...moved, replaces: 'bk-1', occurredAt: at(30) }),
      ).toEqual({ leadId, notice: null })
      expect(await lead()).toMatchObject({ bookingState: 'booked', bookingId: 'bk-1' })

      // The host confirms: Cal.com's BOOKING_CREATED names neither the lead nor bk-1.
      expect(await deliver('created', { ...moved, occurredAt: at(40) })).toEqual({
        leadId,
        notice: { provider: 'cal', bookingId: 'bk-2', notice: 'booked' },
      })
      expect(await lead()).toMatchObject({
        bookingState: 'booked',
        bookingId: 'bk-2',
        bookingStart: new Date('2026-12-03T09:30:00Z'),
      })
      const [old] = await test.db.query<{ state: string; replaced_by: string }>(
        `select state, replaced_by from public.demo_request_bookings where booking_id = 'bk-1'`,
      )
      expect(old).toEqual({ state: 'cancelled', replaced_by: 'bk-2' })
      // Sales hear of the new time, and of no cancellation.
      expect(await told()).toEqual([
        'bk-1 booked email',
        'bk-1 booked webhook',
        'bk-2 booked email',
        'bk-2 booked webhook',
      ])
    },
  )

  it.skipIf(skip)('keeps the old booking when the host rejects the new time', async () => {
    await deliver('requested')
    await deliver('created')
    await deliver('requested', { bookingId: 'bk-2', replaces: 'bk-1', occurredAt: at(30) })
    await deliver('rejected', { bookingId: 'bk-2', occurredAt: at(40) })
    expect(await lead()).toMatchObject({ bookingState: 'booked', bookingId: 'bk-1' })
    expect(await told()).toEqual(['bk-1 booked email', 'bk-1 booked webhook'])
  })

  it.skipIf(skip)(
    'tells sales of the cancellation of their booking though a new request still waits',
    async () => {
      await deliver('requested')
      await deliver('created')
      await deliver('requested', { bookingId: 'bk-2', occurredAt: at(30) })
      expect(await deliver('cancelled', { occurredAt: at(40) })).toEqual({
        leadId,
        notice: { provider: 'cal', bookingId: 'bk-1', notice: 'cancelled' },
      })
      expect(await lead()).toMatchObject({ bookingState: 'requested', bookingId: 'bk-2' })
    },
  )
})
