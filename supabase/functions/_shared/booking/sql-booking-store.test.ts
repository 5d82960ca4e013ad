import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  bookingChannels,
  bookingClock,
  bookingEvent,
  bookingStoreFixture,
} from '../../../../tests/support/booking-store-fixture.ts'
import { insertLead } from '../../../../tests/support/insert-lead.ts'
import { sampleNewDemoRequest } from '../../../../tests/support/sample-lead.ts'
import { type TestDatabase, testDatabases } from '../../../../tests/support/test-database.ts'
import type { BookingEvent } from './booking-event.ts'
import { createSqlBookingStore } from './sql-booking-store.ts'

describe.each(testDatabases)('the booking store on $name', ({ open, skip }) => {
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
  const lead = () => bookingStoreFixture(test.db).lead()
  const notifications = () => bookingStoreFixture(test.db).notifications()

  it.skipIf(skip)('books the lead once, and makes its notifications once', async () => {
    const created = { requestId: leadId }
    expect(await apply(created)).toEqual({
      leadId,
      notice: { provider: 'cal', bookingId: 'bk-1', notice: 'booked' },
    })
    expect(await lead()).toMatchObject({
      bookingState: 'booked',
      bookingStart: new Date('2026-12-01T15:00:00Z'),
      bookingTimeZone: 'Europe/London',
      bookingProvider: 'cal',
      bookingId: 'bk-1',
    })
    // A repeated delivery changes nothing and tells nobody again.
    expect(await apply(created)).toEqual({ leadId, notice: null })
    const rows = await notifications()
    expect(rows.map((row) => `${row.notice} ${row.channel}`)).toEqual([
      'booked email',
      'booked webhook',
    ])
    // Time comes from the function's clock, not the database's.
    expect(new Date(rows[0]?.created_at ?? 0)).toEqual(bookingClock)
    const [updated] = await test.db.query<{ booking_updated_at: Date }>(
      'select booking_updated_at from public.demo_requests',
    )
    expect(new Date(updated?.booking_updated_at ?? 0)).toEqual(bookingClock)
  })

  const stored = () =>
    test.db.query<{ booking_id: string; lead_id: string | null; state: string }>(
      'select booking_id, lead_id, state from public.demo_request_bookings order by booking_id',
    )

  it.skipIf(skip)('stores nothing of a booking naming a lead that is not here', async () => {
    for (const requestId of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect(await apply({ requestId })).toEqual({ leadId: null, notice: null })
    }
    expect(await stored()).toEqual([])
    expect((await lead())?.bookingState).toBeNull()
  })

  it.skipIf(skip)(
    'keeps a booking naming no lead unclaimed, for 30 days, until a delivery names it',
    async () => {
      expect(await apply({ bookingId: 'bk-1' })).toEqual({ leadId: null, notice: null })
      expect(await stored()).toEqual([{ booking_id: 'bk-1', lead_id: null, state: 'booked' }])
      expect((await lead())?.bookingState).toBeNull()

      // 30 days on, an unclaimed booking is gone; a claimed one stays.
      await apply({ bookingId: 'bk-2', requestId: leadId })
      const later = new Date(bookingClock.getTime() + 30 * 86_400_000 + 1000)
      await createSqlBookingStore(test.db).apply(
        bookingEvent({ bookingId: 'bk-3' }),
        bookingChannels,
        later,
      )
      expect((await stored()).map((row) => [row.booking_id, row.lead_id])).toEqual([
        ['bk-2', leadId],
        ['bk-3', null],
      ])
    },
  )

  it.skipIf(skip)('cancels a booking, finding the lead through it without the id', async () => {
    await apply({ requestId: leadId })
    const cancelled = { state: 'cancelled', occurredAt: '2026-11-26T11:00:00Z' } as const
    expect(await apply(cancelled)).toEqual({
      leadId,
      notice: { provider: 'cal', bookingId: 'bk-1', notice: 'cancelled' },
    })
    expect(await lead()).toMatchObject({ bookingState: 'cancelled', bookingId: 'bk-1' })
    expect(await apply(cancelled)).toEqual({ leadId, notice: null })
    expect((await notifications()).map((row) => row.notice)).toEqual([
      'booked',
      'booked',
      'cancelled',
      'cancelled',
    ])
  })

  it.skipIf(skip)('ends cancelled when the cancellation arrives before the booking', async () => {
    const cancelled = { requestId: leadId, state: 'cancelled', occurredAt: '2026-11-26T11:00:00Z' }
    expect(await apply(cancelled as Partial<BookingEvent>)).toEqual({ leadId, notice: null })
    expect(await apply({ requestId: leadId })).toEqual({ leadId, notice: null })
    expect(await lead()).toMatchObject({ bookingState: 'cancelled', bookingId: 'bk-1' })
    // Sales were never told of a booking, so they hear of no cancellation either.
    expect(await notifications()).toEqual([])
  })

  const reschedule = {
    cancelOld: {
      provider: 'calendly',
      bookingId: 'old',
      state: 'cancelled',
      replacedBy: 'new',
      occurredAt: '2026-11-26T11:00:00Z',
    },
    createNew: {
      provider: 'calendly',
      bookingId: 'new',
      replaces: 'old',
      startTime: '2026-12-02T16:00:00.000Z',
      occurredAt: '2026-11-26T11:00:00Z',
    },
  } as const

  for (const order of [
    ['cancelOld', 'createNew'],
    ['createNew', 'cancelOld'],
  ] as const) {
    it.skipIf(skip)(`leaves a Calendly reschedule booked at the new time: ${order}`, async () => {
      await apply({ provider: 'calendly', bookingId: 'old', requestId: leadId })
      for (const half of order) await apply({ ...reschedule[half], requestId: leadId })
      // Either order, repeated too.
      for (const half of order) await apply({ ...reschedule[half], requestId: leadId })
      expect(await lead()).toMatchObject({
        bookingState: 'booked',
        bookingId: 'new',
        bookingStart: new Date('2026-12-02T16:00:00Z'),
      })
      // Sales hear of the new time once, and of no cancellation.
      const told = (await notifications()).map((row) => `${row.booking_id} ${row.notice}`)
      expect(told).toEqual(['new booked', 'new booked', 'old booked', 'old booked'])
    })
  }

  it.skipIf(skip)(
    'follows a Cal.com reschedule made without the form, through the booking it replaces',
    async () => {
      await apply({ requestId: leadId })
      const moved = await apply({
        bookingId: 'bk-2',
        replaces: 'bk-1',
        startTime: '2026-12-03T09:30:00.000Z',
        occurredAt: '2026-11-26T12:00:00Z',
      })
      expect(moved).toEqual({
        leadId,
        notice: { provider: 'cal', bookingId: 'bk-2', notice: 'booked' },
      })
      expect(await lead()).toMatchObject({
        bookingState: 'booked',
        bookingId: 'bk-2',
        bookingStart: new Date('2026-12-03T09:30:00Z'),
      })
    },
  )

  it.skipIf(skip)('makes notifications only for the channels it is given', async () => {
    await createSqlBookingStore(test.db).apply(
      bookingEvent({ requestId: leadId }),
      [],
      bookingClock,
    )
    expect((await lead())?.bookingState).toBe('booked')
    expect(await notifications()).toEqual([])
  })
})
