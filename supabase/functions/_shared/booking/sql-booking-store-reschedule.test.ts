// Reschedules the schedulers report in pieces: a host's request for a new time, which is not a
// cancellation, and a replacement that arrives before the booking it replaces without naming the
// lead itself (Calendly's new invitee without utm_content, after an outage's retries).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { bookingStoreFixture } from '../../../../tests/support/booking-store-fixture.ts'
import { everyOrder } from '../../../../tests/support/every-order.ts'
import { insertLead } from '../../../../tests/support/insert-lead.ts'
import { sampleNewDemoRequest } from '../../../../tests/support/sample-lead.ts'
import { type TestDatabase, testDatabases } from '../../../../tests/support/test-database.ts'
import type { BookingEvent } from './booking-event.ts'

const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 10, minute)).toISOString()

describe.each(testDatabases)('reschedules in the booking store on $name', ({ open, skip }) => {
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
  const told = async () =>
    (await bookingStoreFixture(test.db).notifications()).map(
      (row) => `${row.booking_id} ${row.notice} ${row.channel}`,
    )

  it.skipIf(skip)(
    "tells the host's request for a new time as that, never as a cancellation",
    async () => {
      await apply({ requestId: leadId, occurredAt: at(0) })
      const asked = { state: 'reschedule_requested', occurredAt: at(10) } as const
      expect(await apply(asked)).toEqual({
        leadId,
        notice: { provider: 'cal', bookingId: 'bk-1', notice: 'reschedule_requested' },
      })
      expect(await apply(asked)).toEqual({ leadId, notice: null })
      expect(await lead()).toMatchObject({
        bookingState: 'reschedule_requested',
        bookingId: 'bk-1',
      })

      // The invitee picks the new time: a booking naming the one it replaces.
      const moved = { bookingId: 'bk-2', replaces: 'bk-1', startTime: '2026-12-04T10:00:00.000Z' }
      expect(await apply({ ...moved, occurredAt: at(20) })).toEqual({
        leadId,
        notice: { provider: 'cal', bookingId: 'bk-2', notice: 'booked' },
      })
      expect(await lead()).toMatchObject({ bookingState: 'booked', bookingId: 'bk-2' })
      expect(await told()).toEqual([
        'bk-1 booked email',
        'bk-1 booked webhook',
        'bk-1 reschedule_requested email',
        'bk-1 reschedule_requested webhook',
        'bk-2 booked email',
        'bk-2 booked webhook',
      ])
    },
  )

  // Calendly's reschedule: the old invitee's creation (with utm_content), its cancellation
  // naming the new one, and the new invitee naming the old, without utm_content.
  const calendly = {
    createOld: { bookingId: 'old', requestId: 'lead', occurredAt: at(0) },
    cancelOld: { bookingId: 'old', state: 'cancelled', replacedBy: 'new', occurredAt: at(10) },
    createNew: {
      bookingId: 'new',
      replaces: 'old',
      startTime: '2026-12-02T16:00:00.000Z',
      occurredAt: at(10),
    },
  } as const
  type Piece = keyof typeof calendly

  for (const order of everyOrder<Piece>(['createOld', 'cancelOld', 'createNew'])) {
    it.skipIf(skip)(`claims the replacement whichever arrives last: ${order}`, async () => {
      for (const piece of order) {
        const { requestId, ...change } = calendly[piece] as Partial<BookingEvent>
        await apply({ provider: 'calendly', ...change, requestId: requestId && leadId })
      }
      expect(await lead()).toMatchObject({
        bookingState: 'booked',
        bookingProvider: 'calendly',
        bookingId: 'new',
        bookingStart: new Date('2026-12-02T16:00:00Z'),
      })
      const rows = await test.db.query<{ booking_id: string; lead_id: string; state: string }>(
        'select booking_id, lead_id, state from public.demo_request_bookings order by booking_id',
      )
      expect(rows).toEqual([
        { booking_id: 'new', lead_id: leadId, state: 'booked' },
        { booking_id: 'old', lead_id: leadId, state: 'cancelled' },
      ])
      // Sales hear of the new time, and never of a cancellation.
      const notices = await told()
      expect(notices).toContain('new booked email')
      expect(notices.filter((notice) => !notice.includes(' booked '))).toEqual([])
    })
  }

  it.skipIf(skip)('claims a chain of replacements that all came before the first', async () => {
    const calendlyEvent = (change: Partial<BookingEvent>) =>
      apply({ provider: 'calendly', ...change })
    await calendlyEvent({ bookingId: 'third', replaces: 'second', occurredAt: at(20) })
    await calendlyEvent({ bookingId: 'second', replaces: 'first', occurredAt: at(10) })
    expect((await lead())?.bookingState).toBeNull()
    await calendlyEvent({ bookingId: 'first', requestId: leadId, occurredAt: at(0) })
    expect(await lead()).toMatchObject({ bookingState: 'booked', bookingId: 'third' })
    expect(await told()).toEqual(['third booked email', 'third booked webhook'])
  })
})
