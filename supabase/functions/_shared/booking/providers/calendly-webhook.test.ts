import { describe, expect, it } from 'vitest'
import {
  calendlyWebhookBody,
  signCalendlyWebhook,
} from '../../../../../tests/support/booking-webhooks.ts'
import {
  calendlySignatureHeader,
  calendlyToleranceMs,
  readCalendlyWebhook,
} from './calendly-webhook.ts'

const key = 'calendly-signing-key'
const invitee = 'https://api.calendly.com/scheduled_events/EV1/invitees/IN1'
const created = calendlyWebhookBody({
  trigger: 'invitee.created',
  uri: invitee,
  requestId: 'req-1',
  // Calendly writes microseconds.
  startTime: '2026-12-01T15:00:00.000000Z',
  createdAt: '2026-11-26T10:00:00.000000Z',
})

const at = new Date('2026-11-26T10:00:05Z')
const t = Math.floor(at.getTime() / 1000)
const headers = (signature?: string) =>
  new Headers(signature === undefined ? {} : { [calendlySignatureHeader]: signature })
const read = (body: string, signature = signCalendlyWebhook(body, key, t), now = at) =>
  readCalendlyWebhook(body, headers(signature), key, () => now)

describe('readCalendlyWebhook', () => {
  it('reads a signed invitee.created as a booking of the lead in utm_content', async () => {
    expect(await read(created)).toEqual({
      kind: 'booking',
      event: {
        provider: 'calendly',
        bookingId: invitee,
        requestId: 'req-1',
        state: 'booked',
        startTime: '2026-12-01T15:00:00.000Z',
        timeZone: 'America/New_York',
        occurredAt: '2026-11-26T10:00:00.000Z',
        hostEmail: 'sales@acme.example',
        endTime: '2026-12-01T15:30:00.000Z',
      },
    })
  })

  it("reads the first event membership's email as the host, and none where there is none", async () => {
    const hosted = calendlyWebhookBody({
      trigger: 'invitee.created',
      uri: invitee,
      requestId: 'req-1',
      startTime: '2026-12-01T15:00:00Z',
      createdAt: '2026-11-26T10:00:00Z',
      hostEmail: 'Dana@Firm.example',
    })
    expect(await read(hosted)).toMatchObject({ event: { hostEmail: 'Dana@Firm.example' } })
    const body = JSON.parse(hosted)
    body.payload.scheduled_event.event_memberships = []
    const outcome = await read(JSON.stringify(body))
    expect(outcome).toMatchObject({ kind: 'booking' })
    expect(outcome.kind === 'booking' && 'hostEmail' in outcome.event).toBe(false)
  })

  it('reads a reschedule as a cancel naming the new invitee and a create naming the old', async () => {
    const next = 'https://api.calendly.com/scheduled_events/EV2/invitees/IN2'
    const canceled = calendlyWebhookBody({
      trigger: 'invitee.canceled',
      uri: invitee,
      requestId: 'req-1',
      newInvitee: next,
      startTime: '2026-12-01T15:00:00Z',
      createdAt: '2026-11-26T11:00:00Z',
    })
    const rebooked = calendlyWebhookBody({
      trigger: 'invitee.created',
      uri: next,
      requestId: 'req-1',
      oldInvitee: invitee,
      startTime: '2026-12-02T15:00:00Z',
      createdAt: '2026-11-26T11:00:00Z',
    })
    expect(await read(canceled)).toMatchObject({
      kind: 'booking',
      event: { bookingId: invitee, state: 'cancelled', replacedBy: next },
    })
    expect(await read(rebooked)).toMatchObject({
      kind: 'booking',
      event: { bookingId: next, state: 'booked', replaces: invitee },
    })
  })

  it('reads a plain cancellation with nothing replacing it', async () => {
    const canceled = calendlyWebhookBody({
      trigger: 'invitee.canceled',
      uri: invitee,
      startTime: '2026-12-01T15:00:00Z',
      createdAt: '2026-11-26T11:00:00Z',
    })
    const outcome = await read(canceled)
    expect(outcome).toMatchObject({ kind: 'booking', event: { state: 'cancelled' } })
    expect(outcome.kind === 'booking' && outcome.event).not.toHaveProperty('replacedBy')
    expect(outcome.kind === 'booking' && outcome.event.requestId).toBeUndefined()
  })

  it('allows three minutes', () => {
    expect(calendlyToleranceMs).toBe(3 * 60 * 1000)
  })

  it('takes a signature within the tolerance either side of the clock, and not beyond', async () => {
    const signedAt = (seconds: number) => signCalendlyWebhook(created, key, seconds)
    const later = (ms: number) => new Date(t * 1000 + ms)
    expect((await read(created, signedAt(t), later(calendlyToleranceMs))).kind).toBe('booking')
    expect((await read(created, signedAt(t), later(calendlyToleranceMs + 1))).kind).toBe('unsigned')
    expect((await read(created, signedAt(t), later(-calendlyToleranceMs))).kind).toBe('booking')
    expect((await read(created, signedAt(t), later(-calendlyToleranceMs - 1))).kind).toBe(
      'unsigned',
    )
  })

  it('refuses a missing, wrong or garbled signature, and a body changed after signing', async () => {
    const good = signCalendlyWebhook(created, key, t)
    expect(await readCalendlyWebhook(created, headers(), key, () => at)).toEqual({
      kind: 'unsigned',
    })
    expect(await read(created, signCalendlyWebhook(created, 'other-key', t))).toEqual({
      kind: 'unsigned',
    })
    expect(await read(`${created}\n`, good)).toEqual({ kind: 'unsigned' })
    // The time is part of what is signed: moving it breaks the signature.
    expect(await read(created, good.replace(`t=${t}`, `t=${t + 1}`))).toEqual({ kind: 'unsigned' })
    expect(await read(created, good.replace(/^t=\d+,/, ''))).toEqual({ kind: 'unsigned' })
    expect(await read(created, `t=abc,${good.split(',')[1]}`)).toEqual({ kind: 'unsigned' })
    expect(await read(created, 'garbage')).toEqual({ kind: 'unsigned' })
  })

  it('takes any one matching v1 among several, in either order', async () => {
    const good = signCalendlyWebhook(created, key, t)
    const v1 = good.split(',')[1]
    expect((await read(created, `t=${t},v1=${'0'.repeat(64)},${v1}`)).kind).toBe('booking')
    expect((await read(created, ` ${v1} , t=${t}`)).kind).toBe('booking')
  })

  it("reads a no-show marked and taken back as the guest's attendance, and ignores the rest", async () => {
    const noShow = (trigger: 'invitee_no_show.created' | 'invitee_no_show.deleted') =>
      calendlyWebhookBody({
        trigger,
        uri: invitee,
        startTime: '2026-12-01T15:00:00Z',
        createdAt: '2026-12-01T16:00:00Z',
      })
    const attendance = (guestNoShow: boolean) => ({
      kind: 'attendance',
      event: {
        provider: 'calendly',
        bookingId: invitee,
        occurredAt: '2026-12-01T16:00:00.000Z',
        guestNoShow,
      },
    })
    expect(await read(noShow('invitee_no_show.created'))).toEqual(attendance(true))
    expect(await read(noShow('invitee_no_show.deleted'))).toEqual(attendance(false))
    const routing = JSON.stringify({ event: 'routing_form_submission.created', payload: {} })
    expect(await read(routing)).toEqual({
      kind: 'ignored',
      trigger: 'routing_form_submission.created',
    })
  })

  it.each([
    ['{}', /event is missing/],
    [
      JSON.stringify({ event: 'invitee.created', created_at: '2026-11-26T10:00:00Z' }),
      /payload is missing/,
    ],
    [created.replace(`"uri":"${invitee}"`, '"uri":null'), /payload.uri is missing/],
    [
      created.replace('"start_time":"2026-12-01T15:00:00.000000Z"', '"start_time":"tomorrow"'),
      /start_time is not a date/,
    ],
  ])('calls a signed but unreadable body malformed: %s', async (body, reason) => {
    const outcome = await read(body)
    expect(outcome.kind).toBe('malformed')
    expect(outcome.kind === 'malformed' && outcome.reason).toMatch(reason)
  })
})
