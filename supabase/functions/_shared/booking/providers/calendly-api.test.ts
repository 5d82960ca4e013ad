import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  type CalendlyApiEventFields,
  type CalendlyApiStandIn,
  startCalendlyApiStandIn,
} from '../../../../../tests/support/calendly-api-stand-in.ts'
import { attendanceLookBackMs } from '../scheduler-api.ts'
import { calendlyApi } from './calendly-api.ts'

const since = new Date('2026-11-26T00:00:00Z')

/** An event starting `hour` hours into December, made on the 26th, with one invitee. */
const event = (
  uuid: string,
  hour: number,
  invitee: Partial<CalendlyApiEventFields['invitees'][0]> = {},
) =>
  ({
    uuid,
    status: 'active',
    startTime: new Date(Date.UTC(2026, 11, 1, 15 + hour)).toISOString().replace('Z', '000Z'),
    createdAt: '2026-11-26T10:00:00.000000Z',
    updatedAt: '2026-11-26T10:00:00.000000Z',
    invitees: [
      {
        uuid: `${uuid}-invitee`,
        status: 'active',
        requestId: `req-${uuid}`,
        createdAt: '2026-11-26T10:00:00.000000Z',
        updatedAt: '2026-11-26T10:00:00.000000Z',
        ...invitee,
      },
    ],
  }) satisfies CalendlyApiEventFields

describe('calendlyApi.changedSince against a stand-in of Calendly API v2', () => {
  let calendly: CalendlyApiStandIn
  beforeAll(async () => {
    calendly = await startCalendlyApiStandIn()
  })
  afterAll(() => calendly?.close())
  beforeEach(() => {
    calendly.events.length = 0
    calendly.requests.length = 0
    calendly.mode = 'answer'
    calendly.orgAdmin = true
  })
  const read = (key = calendly.token) =>
    calendlyApi.changedSince({ url: calendly.url, key }, since, fetch, since)

  it("reads the organization's events since, page by page, and the invitees made on our pages", async () => {
    // One more than a page of Calendly's largest.
    for (let hour = 0; hour < 101; hour++) calendly.events.push(event(`EV${hour}`, hour))
    calendly.events[0]?.invitees.push({
      uuid: 'walk-in',
      status: 'active',
      createdAt: '2026-11-26T10:00:00.000000Z',
      updatedAt: '2026-11-26T10:00:00.000000Z',
    })
    const events = await read()
    expect(events).toHaveLength(101)
    expect(events[0]).toEqual({
      provider: 'calendly',
      bookingId: calendly.inviteeUri('EV0', 'EV0-invitee'),
      requestId: 'req-EV0',
      state: 'booked',
      startTime: '2026-12-01T15:00:00.000Z',
      timeZone: 'America/New_York',
      occurredAt: '2026-11-26T10:00:00.000Z',
      // The event's first membership: its host.
      hostEmail: 'sales@acme.example',
      endTime: '2026-12-01T15:30:00.000Z',
      attendance: { guestNoShow: false },
    })
    const lists = calendly.requests.filter((request) => request.path === '/scheduled_events')
    expect(lists.map(({ query }) => query.get('page_token') !== null)).toEqual([false, true])
    for (const { query } of lists) {
      expect(query.get('organization')).toMatch(/\/organizations\//)
      // A week before: the meetings held then, whose invitees may be marked no-shows since.
      expect(query.get('min_start_time')).toBe(
        new Date(since.getTime() - attendanceLookBackMs).toISOString(),
      )
      expect(query.get('count')).toBe('100')
    }
    for (const request of calendly.requests) {
      expect(request.headers.authorization).toBe(`Bearer ${calendly.token}`)
    }
  })

  it('reads only the invitees of events changed since', async () => {
    calendly.events.push({ ...event('OLD', 3), updatedAt: '2026-11-20T00:00:00.000000Z' })
    calendly.events.push(event('NEW', 4))
    expect((await read()).map((found) => found.requestId)).toEqual(['req-NEW'])
    expect(calendly.requests.map((request) => request.path)).not.toContain(
      '/scheduled_events/OLD/invitees',
    )
  })

  it("reads a reschedule's two invitees as the webhooks would", async () => {
    const oldUri = calendly.inviteeUri('EV1', 'EV1-invitee')
    const newUri = calendly.inviteeUri('EV2', 'EV2-invitee')
    calendly.events.push({
      ...event('EV1', 1, { status: 'canceled', newInvitee: newUri }),
      status: 'canceled',
    })
    calendly.events.push(event('EV2', 2, { requestId: undefined, oldInvitee: oldUri }))
    expect(await read()).toMatchObject([
      { bookingId: oldUri, state: 'cancelled', replacedBy: newUri },
      { bookingId: newUri, state: 'booked', replaces: oldUri, requestId: undefined },
    ])
  })

  it("falls back to the user's own events when the token may not list the organization's", async () => {
    calendly.orgAdmin = false
    calendly.events.push(event('EV1', 1))
    expect(await read()).toHaveLength(1)
    const lists = calendly.requests.filter((request) => request.path === '/scheduled_events')
    expect(lists.map(({ query }) => (query.has('organization') ? 'organization' : 'user'))).toEqual(
      ['organization', 'user'],
    )
  })

  it('says which setting to check when the token is refused, and rejects when the API is down', async () => {
    await expect(read('wrong')).rejects.toThrow(
      /Calendly refused \/users\/me \(401\): check CALENDLY_API_TOKEN/,
    )
    calendly.mode = 'down'
    await expect(read()).rejects.toThrow()
  })
})
