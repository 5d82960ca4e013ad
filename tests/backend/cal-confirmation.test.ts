// Cal.com's bookings that wait, through `npm start` and `npm run leads` as sales use them: an
// event type that needs the host's confirmation sends BOOKING_REQUESTED with the booking's
// metadata, then, once confirmed, a BOOKING_CREATED whose metadata holds only the video call; a
// paid one sends BOOKING_PAYMENT_INITIATED, then BOOKING_PAID and BOOKING_CREATED without it;
// a paid one that also needs the host sends BOOKING_PAID with PENDING, then BOOKING_REQUESTED
// (tests/support/booking-webhooks.ts follows Cal.com's own payloads). Each lead must end booked,
// or rejected when the host says no, with sales told "booked" once or nothing; a delivery that
// arrives twice or out of order changes nothing; a host's request for a new time is never told
// as a cancellation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runLeads, storedLeadRecords } from '../e2e/leads.ts'
import { type CalBooking, calWebhookBody, signCalWebhook } from '../support/booking-webhooks.ts'
import { type CalBookingServer, startCalBookingServer } from '../support/cal-booking-server.ts'
import { type EmailApiStandIn, startEmailApiStandIn } from '../support/email-api-stand-in.ts'
import { sampleLead } from '../support/sample-lead.ts'
import type { ServerProcess } from '../support/start-server-process.ts'
import { waitUntil } from '../support/wait-until.ts'

const secret = 'cal-confirmation-test-secret'
const startTime = '2026-12-03T16:30:00.000Z'

let booking: CalBookingServer
let server: ServerProcess
let dataDir: string
let email: EmailApiStandIn

beforeAll(async () => {
  email = await startEmailApiStandIn()
  booking = await startCalBookingServer('cal-confirmation', secret, {
    RATE_LIMIT_MAX: '100',
    RESEND_API_KEY: 're_test',
    NOTIFY_EMAIL_TO: 'sales@example.com',
    RESEND_API_URL: email.url,
  })
  ;({ server, dataDir } = booking)
}, 120_000)

afterAll(() => Promise.all([booking?.stop(), email?.close()]))

/** The subjects of the booking emails sales got about the lead of `companyName`, so far. */
const toldAbout = (companyName: string) =>
  email.delivered
    .filter((mail) => String(mail.body.text).includes(`Company: ${companyName}`))
    .map((mail) => String(mail.body.subject))
    .filter((subject) => / demo (for|of) /.test(subject))

/**
 * Resolves once sales have the email of a booking made after everything so far: the positive
 * signal after which "no email" about an earlier delivery is asserted, as each delivery's
 * notifications start when it is answered, in order.
 */
async function laterBookingTold(): Promise<void> {
  const company = `Marker ${crypto.randomUUID()}`
  const requestId = await sendLead(company)
  expect(await deliver({ trigger: 'BOOKING_CREATED', uid: `marker-${requestId}`, requestId })).toBe(
    200,
  )
  await waitUntil(() => toldAbout(company).length > 0, { what: 'the later booking email' })
}

/** A lead sent as the widget sends it, answered with a Cal.com page to book on. */
async function sendLead(companyName: string): Promise<string> {
  const response = await fetch(new URL('functions/v1/send-demo-request', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ ...sampleLead, companyName }),
  })
  const reply = (await response.json()) as { requestId: string; next?: { url: string } }
  expect(response.status).toBe(200)
  expect(reply.next?.url).toContain(`metadata%5BdemoRequestId%5D=${reply.requestId}`)
  return reply.requestId
}

/** Posts one delivery, signed as Cal.com signs it, to the Cal.com webhook path. */
async function deliver(booking: Omit<CalBooking, 'startTime' | 'createdAt'>): Promise<number> {
  const body = calWebhookBody({ startTime, createdAt: new Date().toISOString(), ...booking })
  const response = await fetch(new URL('functions/v1/send-demo-request/booking/cal', server.url), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-cal-signature-256': signCalWebhook(body, secret),
    },
    body,
  })
  await response.body?.cancel()
  return response.status
}

/** The lead's booking as `npm run leads -- --csv` shows it. */
async function bookingOf(companyName: string) {
  const [lead] = await storedLeadRecords(companyName, dataDir)
  return { state: lead?.booking_state, id: lead?.booking_id, start: lead?.booking_start }
}

describe("Cal.com's bookings that wait, as npm run leads shows them", () => {
  it('a booking the host confirms: requested with the metadata, then booked without it', async () => {
    const company = 'Confirmed Defense LLP'
    const requestId = await sendLead(company)
    const uid = `confirm-${requestId}`
    const requiresConfirmation = true
    expect(
      await deliver({ trigger: 'BOOKING_REQUESTED', uid, requestId, requiresConfirmation }),
    ).toBe(200)
    expect(await bookingOf(company)).toEqual({ state: 'requested', id: uid, start: startTime })
    const row = (await runLeads(dataDir)).split('\n').find((line) => line.includes(requestId))
    expect(row).toContain('requested 2026-12-03T16:30Z')

    // Once the host confirms: no demoRequestId in its metadata, found by the booking's uid.
    expect(await deliver({ trigger: 'BOOKING_CREATED', uid, requiresConfirmation })).toBe(200)
    expect(await bookingOf(company)).toEqual({ state: 'booked', id: uid, start: startTime })
    // The request delivered again, late, does not take the booking back.
    expect(
      await deliver({ trigger: 'BOOKING_REQUESTED', uid, requestId, requiresConfirmation }),
    ).toBe(200)
    expect(await bookingOf(company)).toEqual({ state: 'booked', id: uid, start: startTime })
    const table = (await runLeads(dataDir)).split('\n').find((line) => line.includes(requestId))
    expect(table).toContain('booked 2026-12-03T16:30Z')
  }, 60_000)

  it('a paid booking: awaiting payment with the metadata, then paid and booked without it', async () => {
    const company = 'Paid Defense LLP'
    const requestId = await sendLead(company)
    const uid = `paid-${requestId}`
    const price = 5000
    expect(await deliver({ trigger: 'BOOKING_PAYMENT_INITIATED', uid, requestId, price })).toBe(200)
    expect(await bookingOf(company)).toMatchObject({ state: 'awaiting_payment', id: uid })
    expect(await deliver({ trigger: 'BOOKING_PAID', uid, price })).toBe(200)
    expect(await deliver({ trigger: 'BOOKING_CREATED', uid, price })).toBe(200)
    expect(await bookingOf(company)).toEqual({ state: 'booked', id: uid, start: startTime })
  }, 60_000)

  it('a booking the host rejects ends rejected, and a late confirmation of it changes nothing', async () => {
    const company = 'Rejected Defense LLP'
    const requestId = await sendLead(company)
    const uid = `reject-${requestId}`
    const requiresConfirmation = true
    expect(
      await deliver({ trigger: 'BOOKING_REQUESTED', uid, requestId, requiresConfirmation }),
    ).toBe(200)
    expect(await deliver({ trigger: 'BOOKING_REJECTED', uid, requiresConfirmation })).toBe(200)
    expect(await bookingOf(company)).toMatchObject({ state: 'rejected', id: uid })
    expect(await deliver({ trigger: 'BOOKING_CREATED', uid, requiresConfirmation })).toBe(200)
    expect(await bookingOf(company)).toMatchObject({ state: 'rejected', id: uid })
  }, 60_000)

  it('a paid booking the host must confirm: PAID (PENDING), REQUESTED, CREATED ends booked, told once', async () => {
    const company = 'Paid Then Confirmed LLP'
    const requestId = await sendLead(company)
    const uid = `paid-confirm-${requestId}`
    const paidAndConfirmed = { price: 5000, requiresConfirmation: true }
    expect(
      await deliver({ trigger: 'BOOKING_PAYMENT_INITIATED', uid, requestId, ...paidAndConfirmed }),
    ).toBe(200)
    expect(await deliver({ trigger: 'BOOKING_PAID', uid, ...paidAndConfirmed })).toBe(200)
    expect(await bookingOf(company)).toMatchObject({ state: 'requested', id: uid })
    expect(
      await deliver({ trigger: 'BOOKING_REQUESTED', uid, requestId, ...paidAndConfirmed }),
    ).toBe(200)
    expect(await bookingOf(company)).toMatchObject({ state: 'requested', id: uid })
    expect(await deliver({ trigger: 'BOOKING_CREATED', uid, ...paidAndConfirmed })).toBe(200)
    expect(await bookingOf(company)).toEqual({ state: 'booked', id: uid, start: startTime })
    await waitUntil(() => toldAbout(company).length > 0, { what: 'the booked email' })
    // A second delivery of the confirmation tells nobody again.
    expect(await deliver({ trigger: 'BOOKING_CREATED', uid, ...paidAndConfirmed })).toBe(200)
    await laterBookingTold()
    expect(toldAbout(company)).toEqual([expect.stringMatching(/ booked a demo for /)])
  }, 60_000)

  it('a paid booking the host rejects ends rejected, and sales are told nothing', async () => {
    const company = 'Paid Then Rejected LLP'
    const requestId = await sendLead(company)
    const uid = `paid-reject-${requestId}`
    const paidAndConfirmed = { price: 5000, requiresConfirmation: true }
    await deliver({ trigger: 'BOOKING_PAYMENT_INITIATED', uid, requestId, ...paidAndConfirmed })
    await deliver({ trigger: 'BOOKING_PAID', uid, ...paidAndConfirmed })
    await deliver({ trigger: 'BOOKING_REQUESTED', uid, requestId, ...paidAndConfirmed })
    expect(await deliver({ trigger: 'BOOKING_REJECTED', uid, ...paidAndConfirmed })).toBe(200)
    expect(await bookingOf(company)).toMatchObject({ state: 'rejected', id: uid })
    await laterBookingTold()
    expect(toldAbout(company)).toEqual([])
  }, 60_000)

  it("a host's request for a new time is told as that, never as cancelled", async () => {
    const company = 'Asked To Move LLP'
    const requestId = await sendLead(company)
    const uid = `moved-${requestId}`
    expect(await deliver({ trigger: 'BOOKING_CREATED', uid, requestId })).toBe(200)
    expect(
      await deliver({ trigger: 'BOOKING_CANCELLED', uid, requestId, requestReschedule: true }),
    ).toBe(200)
    expect(await bookingOf(company)).toMatchObject({ state: 'reschedule_requested', id: uid })
    await waitUntil(() => toldAbout(company).length === 2, { what: 'both booking emails' })
    expect(toldAbout(company)).toEqual([
      expect.stringMatching(/ booked a demo for /),
      expect.stringMatching(/^The host asked .* to pick a new time for the demo of /),
    ])
    expect(toldAbout(company).join()).not.toMatch(/cancel/i)
  }, 60_000)

  it('a confirmation that overtakes its request still ends booked', async () => {
    const company = 'Overtaken Defense LLP'
    const requestId = await sendLead(company)
    const uid = `overtaken-${requestId}`
    const requiresConfirmation = true
    expect(await deliver({ trigger: 'BOOKING_CREATED', uid, requiresConfirmation })).toBe(200)
    expect(await bookingOf(company)).toEqual({ state: '', id: '', start: '' })
    expect(
      await deliver({ trigger: 'BOOKING_REQUESTED', uid, requestId, requiresConfirmation }),
    ).toBe(200)
    expect(await bookingOf(company)).toEqual({ state: 'booked', id: uid, start: startTime })
  }, 60_000)
})
