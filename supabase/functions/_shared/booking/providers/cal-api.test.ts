import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  type CalApiStandIn,
  calApiBooking,
  startCalApiStandIn,
} from '../../../../../tests/support/cal-api-stand-in.ts'
import { attendanceLookBackMs } from '../scheduler-api.ts'
import { calApi, calApiBookingEvent } from './cal-api.ts'

const since = new Date('2026-11-26T00:00:00Z')
const booking = {
  uid: 'bk-1',
  status: 'accepted',
  start: '2026-12-01T15:00:00.000Z',
  requestId: 'req-1',
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: null,
} as const

describe('calApiBookingEvent', () => {
  it('reads a booking made on our page as the change its webhook would report', () => {
    expect(calApiBookingEvent(calApiBooking(booking))).toEqual({
      provider: 'cal',
      bookingId: 'bk-1',
      requestId: 'req-1',
      state: 'booked',
      startTime: '2026-12-01T15:00:00.000Z',
      timeZone: 'Europe/London',
      occurredAt: '2026-11-26T10:00:00.000Z',
      hostEmail: 'sales@acme.example',
      endTime: '2026-12-01T15:30:00.000Z',
      attendance: { guestNoShow: false, hostAbsent: false },
    })
  })

  it("reads the guest's and the host's absence", () => {
    const missed = calApiBooking({ ...booking, guestAbsent: true, absentHost: true })
    expect(calApiBookingEvent(missed)?.attendance).toEqual({ guestNoShow: true, hostAbsent: true })
  })

  it('reads no host where the booking lists none', () => {
    const event = calApiBookingEvent({ ...calApiBooking(booking), hosts: [] })
    expect(event).toBeDefined()
    expect(event && 'hostEmail' in event).toBe(false)
  })

  it.each([
    ['pending', 'requested'],
    ['accepted', 'booked'],
    ['rejected', 'rejected'],
    ['cancelled', 'cancelled'],
  ] as const)('reads the status %s as %s', (status, state) => {
    expect(calApiBookingEvent(calApiBooking({ ...booking, status }))?.state).toBe(state)
  })

  it('reads a reschedule from both sides, and leaves out a booking not made on our pages', () => {
    const moved = calApiBooking({
      ...booking,
      uid: 'bk-2',
      requestId: undefined,
      rescheduledFromUid: 'bk-1',
      updatedAt: '2026-11-27T09:00:00.000Z',
    })
    expect(calApiBookingEvent(moved)).toMatchObject({
      bookingId: 'bk-2',
      replaces: 'bk-1',
      requestId: undefined,
      occurredAt: '2026-11-27T09:00:00.000Z',
    })
    const old = calApiBooking({ ...booking, status: 'cancelled', rescheduledToUid: 'bk-2' })
    expect(calApiBookingEvent(old)).toMatchObject({ state: 'cancelled', replacedBy: 'bk-2' })
    expect(calApiBookingEvent(calApiBooking({ ...booking, requestId: undefined }))).toBeUndefined()
  })
})

describe('calApi.changedSince against a stand-in of Cal.com API v2', () => {
  let cal: CalApiStandIn
  beforeAll(async () => {
    cal = await startCalApiStandIn()
  })
  afterAll(() => cal?.close())
  beforeEach(() => {
    cal.bookings.length = 0
    cal.requests.length = 0
    cal.mode = 'answer'
  })
  const read = (key = cal.key) => calApi.changedSince({ url: cal.url, key }, since, fetch, since)

  it('asks for bookings made and changed since, with the key and version, page by page', async () => {
    for (let index = 0; index < 230; index++) {
      cal.bookings.push(
        calApiBooking({ ...booking, uid: `bk-${index}`, requestId: `req-${index}` }),
      )
    }
    // Changed since, though made before: found through afterUpdatedAt.
    cal.bookings.push(
      calApiBooking({
        ...booking,
        uid: 'old',
        status: 'cancelled',
        createdAt: '2026-11-01T00:00:00.000Z',
        updatedAt: '2026-11-27T00:00:00.000Z',
      }),
    )
    // Neither made nor changed since.
    cal.bookings.push(
      calApiBooking({ ...booking, uid: 'older', createdAt: '2026-11-01T00:00:00.000Z' }),
    )
    const events = await read()
    expect(events.map((event) => event.bookingId).sort()).toEqual(
      [...Array.from({ length: 230 }, (_, index) => `bk-${index}`), 'old'].sort(),
    )
    expect(cal.requests.map(({ query }) => Object.fromEntries(query))).toEqual([
      ...[0, 100, 200].map((skip) => ({
        afterCreatedAt: since.toISOString(),
        take: '100',
        skip: String(skip),
      })),
      { afterUpdatedAt: since.toISOString(), take: '100', skip: '0' },
      // And the meetings held in the week before, whose guest may have been marked since.
      {
        afterStart: new Date(since.getTime() - attendanceLookBackMs).toISOString(),
        beforeEnd: since.toISOString(),
        take: '100',
        skip: '0',
      },
    ])
    for (const request of cal.requests) {
      expect(request.headers.authorization).toBe(`Bearer ${cal.key}`)
      expect(request.headers['cal-api-version']).toBe('2024-08-13')
    }
  })

  it('says which setting to check when the key is refused', async () => {
    await expect(read('wrong')).rejects.toThrow(
      /Cal.com refused \/v2\/bookings \(401\): check CAL_API_KEY/,
    )
  })

  it('rejects when the API fails or is down, for the next run to try again', async () => {
    cal.mode = 'fail'
    await expect(read()).rejects.toThrow(/Cal.com answered 500 .* the next run looks again/)
    cal.mode = 'down'
    await expect(read()).rejects.toThrow()
  })
})
