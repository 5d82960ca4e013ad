import { describe, expect, it } from 'vitest'
import {
  calMeetingEndedBody,
  calNoShowWebhookBody,
  calWebhookBody,
  signCalWebhook,
} from '../../../../../tests/support/booking-webhooks.ts'
import { calSignatureHeader, readCalWebhook } from './cal-webhook.ts'

const secret = 'cal-secret'
const created = calWebhookBody({
  trigger: 'BOOKING_CREATED',
  uid: 'bk-1',
  requestId: 'req-1',
  startTime: '2026-12-01T15:00:00.000Z',
  createdAt: '2026-11-26T10:00:00.000Z',
})

const headers = (signature?: string) =>
  new Headers(signature === undefined ? {} : { [calSignatureHeader]: signature })
const read = (body: string, signature = signCalWebhook(body, secret)) =>
  readCalWebhook(body, headers(signature), secret)

describe('readCalWebhook', () => {
  it('reads a signed BOOKING_CREATED as a booking of the lead in its metadata', async () => {
    expect(await read(created)).toEqual({
      kind: 'booking',
      event: {
        provider: 'cal',
        bookingId: 'bk-1',
        requestId: 'req-1',
        state: 'booked',
        startTime: '2026-12-01T15:00:00.000Z',
        timeZone: 'Europe/London',
        occurredAt: '2026-11-26T10:00:00.000Z',
        hostEmail: 'sales@acme.example',
        endTime: '2026-12-01T15:30:00.000Z',
      },
    })
  })

  it("reads MEETING_ENDED as the meeting's end, and BOOKING_NO_SHOW_UPDATED as the guest's mark", async () => {
    const ended = calMeetingEndedBody({
      uid: 'bk-1',
      startTime: '2026-12-01T15:00:00Z',
      createdAt: '2026-12-01T15:30:01Z',
    })
    expect(await read(ended)).toEqual({
      kind: 'attendance',
      event: {
        provider: 'cal',
        bookingId: 'bk-1',
        occurredAt: '2026-12-01T15:30:01.000Z',
        endTime: '2026-12-01T15:30:00.000Z',
      },
    })
    for (const noShow of [true, false]) {
      const marked = calNoShowWebhookBody({
        uid: 'bk-1',
        createdAt: '2026-12-01T16:00:00Z',
        noShow,
      })
      expect(await read(marked)).toEqual({
        kind: 'attendance',
        event: {
          provider: 'cal',
          bookingId: 'bk-1',
          occurredAt: '2026-12-01T16:00:00.000Z',
          guestNoShow: noShow,
        },
      })
    }
  })

  it("reads the organizer's email as the host, and none where the payload has no organizer", async () => {
    const hosted = calWebhookBody({
      trigger: 'BOOKING_CREATED',
      uid: 'bk-1',
      requestId: 'req-1',
      startTime: '2026-12-01T15:00:00.000Z',
      createdAt: '2026-11-26T10:00:00.000Z',
      hostEmail: 'Dana@Firm.example',
    })
    expect(await read(hosted)).toMatchObject({ event: { hostEmail: 'Dana@Firm.example' } })
    const body = JSON.parse(hosted)
    delete body.payload.organizer
    const outcome = await read(JSON.stringify(body))
    expect(outcome).toMatchObject({ kind: 'booking' })
    expect(outcome.kind === 'booking' && 'hostEmail' in outcome.event).toBe(false)
  })

  it('reads a reschedule as the new booking, naming the one it replaces', async () => {
    const body = calWebhookBody({
      trigger: 'BOOKING_RESCHEDULED',
      uid: 'bk-2',
      requestId: 'req-1',
      rescheduleUid: 'bk-1',
      startTime: '2026-12-02T15:00:00Z',
      createdAt: '2026-11-26T11:00:00Z',
    })
    expect(await read(body)).toMatchObject({
      kind: 'booking',
      event: {
        bookingId: 'bk-2',
        state: 'booked',
        replaces: 'bk-1',
        startTime: '2026-12-02T15:00:00.000Z',
      },
    })
  })

  it('reads a cancellation, with or without the metadata', async () => {
    const body = calWebhookBody({
      trigger: 'BOOKING_CANCELLED',
      uid: 'bk-1',
      startTime: '2026-12-01T15:00:00Z',
      createdAt: '2026-11-26T12:00:00Z',
    })
    const outcome = await read(body)
    expect(outcome).toMatchObject({
      kind: 'booking',
      event: { bookingId: 'bk-1', state: 'cancelled' },
    })
    expect(outcome.kind === 'booking' && outcome.event.requestId).toBeUndefined()
  })

  it('refuses a missing, wrong or stale-secret signature, and a body changed after signing', async () => {
    expect(await readCalWebhook(created, headers(), secret)).toEqual({ kind: 'unsigned' })
    expect(await read(created, 'no-secret-provided')).toEqual({ kind: 'unsigned' })
    expect(await read(created, signCalWebhook(created, 'other-secret'))).toEqual({
      kind: 'unsigned',
    })
    expect(await read(`${created} `, signCalWebhook(created, secret))).toEqual({ kind: 'unsigned' })
    expect(await read(created, signCalWebhook(created, secret).slice(0, -1))).toEqual({
      kind: 'unsigned',
    })
    // An empty secret would make the signature anyone's to forge.
    expect(await readCalWebhook(created, headers(signCalWebhook(created, '')), '')).toEqual({
      kind: 'unsigned',
    })
  })

  it('takes the signature in upper-case hex too', async () => {
    expect((await read(created, signCalWebhook(created, secret).toUpperCase())).kind).toBe(
      'booking',
    )
  })

  it('acknowledges PING and other triggers without a booking', async () => {
    const ping = JSON.stringify({
      triggerEvent: 'PING',
      createdAt: '2026-11-26T10:00:00Z',
      payload: {},
    })
    expect(await read(ping)).toEqual({ kind: 'ignored', trigger: 'PING' })
    const started = JSON.stringify({
      triggerEvent: 'MEETING_STARTED',
      createdAt: '2026-11-26T10:00:00Z',
      payload: {},
    })
    expect(await read(started)).toEqual({ kind: 'ignored', trigger: 'MEETING_STARTED' })
    // A trigger named like something every object has is no state either.
    const inherited = JSON.stringify({ triggerEvent: 'constructor', createdAt: '', payload: {} })
    expect(await read(inherited)).toEqual({ kind: 'ignored', trigger: 'constructor' })
  })

  const booking = {
    uid: 'bk-1',
    startTime: '2026-12-01T15:00:00Z',
    createdAt: '2026-11-26T10:00:00Z',
  }

  it.each([
    ['BOOKING_REQUESTED', 'requested', { requiresConfirmation: true }],
    ['BOOKING_PAYMENT_INITIATED', 'awaiting_payment', { price: 5000 }],
  ] as const)(
    'reads %s, sent as the booking is made, as %s of the lead in its metadata',
    async (trigger, state, eventType) => {
      const body = calWebhookBody({ ...booking, ...eventType, trigger, requestId: 'req-1' })
      expect(await read(body)).toEqual({
        kind: 'booking',
        event: {
          provider: 'cal',
          bookingId: 'bk-1',
          requestId: 'req-1',
          state,
          startTime: '2026-12-01T15:00:00.000Z',
          timeZone: 'Europe/London',
          occurredAt: '2026-11-26T10:00:00.000Z',
          hostEmail: 'sales@acme.example',
          endTime: '2026-12-01T15:30:00.000Z',
        },
      })
    },
  )

  it.each([
    ['BOOKING_CREATED', 'booked', { requiresConfirmation: true }],
    ['BOOKING_PAID', 'booked', { price: 5000 }],
    ['BOOKING_PAID', 'requested', { price: 5000, requiresConfirmation: true }],
    ['BOOKING_REJECTED', 'rejected', { requiresConfirmation: true }],
  ] as const)(
    'reads %s, which names no lead once the host or the payment decides, as %s (%o)',
    async (trigger, state, eventType) => {
      // Cal.com sends these without our metadata: the store finds the lead through bk-1.
      const body = calWebhookBody({ ...booking, ...eventType, trigger })
      expect(JSON.parse(body).payload.metadata?.demoRequestId).toBeUndefined()
      const outcome = await read(body)
      expect(outcome).toMatchObject({ kind: 'booking', event: { bookingId: 'bk-1', state } })
      expect(outcome.kind === 'booking' && outcome.event.requestId).toBeUndefined()
    },
  )

  it("reads the host's request for a new time apart from a cancellation", async () => {
    const body = calWebhookBody({
      ...booking,
      trigger: 'BOOKING_CANCELLED',
      requestReschedule: true,
    })
    expect(JSON.parse(body).payload.requestReschedule).toBe(true)
    expect(await read(body)).toMatchObject({
      kind: 'booking',
      event: { bookingId: 'bk-1', state: 'reschedule_requested' },
    })
    const cancelled = calWebhookBody({ ...booking, trigger: 'BOOKING_CANCELLED' })
    expect(await read(cancelled)).toMatchObject({ event: { state: 'cancelled' } })
  })

  it('reads a reschedule waiting for the host as a request naming the booking it replaces', async () => {
    const body = calWebhookBody({
      ...booking,
      trigger: 'BOOKING_REQUESTED',
      uid: 'bk-2',
      requestId: 'req-1',
      rescheduleUid: 'bk-1',
    })
    expect(await read(body)).toMatchObject({
      kind: 'booking',
      event: { bookingId: 'bk-2', state: 'requested', replaces: 'bk-1' },
    })
    const rejected = calWebhookBody({
      ...booking,
      trigger: 'BOOKING_REJECTED',
      uid: 'bk-2',
      rescheduleUid: 'bk-1',
    })
    const outcome = await read(rejected)
    expect(outcome.kind === 'booking' && outcome.event.replaces).toBeUndefined()
  })

  it.each([
    ['not json', /not a JSON object/],
    ['[]', /not a JSON object/],
    [JSON.stringify({ payload: {} }), /triggerEvent is missing/],
    [
      JSON.stringify({ triggerEvent: 'BOOKING_CREATED', createdAt: '2026-11-26T10:00:00Z' }),
      /payload is missing/,
    ],
    [created.replace('"uid":"bk-1"', '"uid":""'), /payload.uid is missing/],
    [
      created.replace('"startTime":"2026-12-01T15:00:00.000Z"', '"startTime":"soon"'),
      /payload.startTime is not a date/,
    ],
    [
      created.replace('"createdAt":"2026-11-26T10:00:00.000Z"', '"createdAt":null'),
      /createdAt is not a date/,
    ],
  ])('calls a signed but unreadable body malformed: %s', async (body, reason) => {
    const outcome = await read(body)
    expect(outcome.kind).toBe('malformed')
    expect(outcome.kind === 'malformed' && outcome.reason).toMatch(reason)
  })
})
