// Bookings the schedulers send once, read back by the scheduled job as a person runs it: a
// Cal.com booking whose webhook was refused and one whose webhook never came, and a Calendly
// booking without any, are booked on their leads in `npm run leads` after one run of
// `npm run notify:retry`, of the deployed job's endpoint, and of `npm start`'s own loop.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storedLeadRecords } from '../e2e/leads.ts'
import { signCalWebhook } from '../support/booking-webhooks.ts'
import {
  type CalApiStandIn,
  calApiBooking,
  startCalApiStandIn,
} from '../support/cal-api-stand-in.ts'
import { type CalBookingServer, startCalBookingServer } from '../support/cal-booking-server.ts'
import {
  type CalendlyApiStandIn,
  startCalendlyApiStandIn,
} from '../support/calendly-api-stand-in.ts'
import { sampleLead } from '../support/sample-lead.ts'
import { serverEntry } from '../support/server-entries.ts'
import { waitUntil } from '../support/wait-until.ts'

const root = new URL('../../', import.meta.url).pathname
const secret = 'booking-reconciliation-cal-secret'
const retrySecret = 'booking-reconciliation-retry-secret'
const start = '2026-12-03T16:30:00.000Z'

let cal: CalApiStandIn
let calendly: CalendlyApiStandIn

beforeAll(async () => {
  ;[cal, calendly] = await Promise.all([startCalApiStandIn(), startCalendlyApiStandIn()])
})
afterAll(() => Promise.all([cal?.close(), calendly?.close()]))

/** `npm start` on its own folder, reading both schedulers' stand-ins back, with `env` over that. */
const startServer = (name: string, env: NodeJS.ProcessEnv) =>
  startCalBookingServer(name, secret, {
    RATE_LIMIT_MAX: '100',
    CAL_API_KEY: cal.key,
    CAL_API_URL: cal.url,
    CALENDLY_API_TOKEN: calendly.token,
    CALENDLY_API_URL: calendly.url,
    NOTIFY_RETRY_SECRET: retrySecret,
    ...env,
  })

async function sendLead(booking: CalBookingServer, companyName: string): Promise<string> {
  const url = new URL('functions/v1/send-demo-request', booking.server.url)
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ ...sampleLead, companyName }),
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { requestId: string }).requestId
}

/** A booking made on Cal.com's page for the lead, as its API lists it from now on. */
function calBooked(uid: string, requestId: string) {
  const made = new Date().toISOString()
  cal.bookings.push(
    calApiBooking({ uid, requestId, status: 'accepted', start, createdAt: made, updatedAt: null }),
  )
}

const bookingOf = async (booking: CalBookingServer, companyName: string) => {
  const [lead] = await storedLeadRecords(companyName, booking.dataDir)
  return { state: lead?.booking_state, id: lead?.booking_id }
}

describe('the scheduled job reads back what the webhooks missed', () => {
  let booking: CalBookingServer
  beforeAll(async () => {
    // No loop: each run below is one the test makes.
    booking = await startServer('booking-reconciliation', { NOTIFY_RETRY_SECONDS: '0' })
  }, 120_000)
  afterAll(() => booking?.stop())

  it('npm run notify:retry books a refused webhook and a lost one in one run', async () => {
    const refused = await sendLead(booking, 'Refused Template LLP')
    const lost = await sendLead(booking, 'Lost Webhook LLP')
    // A webhook with a custom payload template is signed but no booking we can read: 400, and
    // Cal.com never sends it again.
    const body = JSON.stringify({ text: `Booked: ${refused}` })
    const delivery = await fetch(
      new URL('functions/v1/send-demo-request/booking/cal', booking.server.url),
      { method: 'POST', headers: { 'x-cal-signature-256': signCalWebhook(body, secret) }, body },
    )
    expect(delivery.status).toBe(400)
    calBooked(`bk-${refused}`, refused)
    calBooked(`bk-${lost}`, lost)

    const { stdout } = await promisify(execFile)(
      process.execPath,
      await serverEntry('server/notify-retry.ts'),
      { cwd: root, env: { ...process.env, PGLITE_DATA_DIR: booking.dataDir, DATABASE_URL: '' } },
    )
    expect(stdout).toMatch(
      /^Read 2 booking\(s\) back from the schedulers; 2 change\(s\) for sales\.$/m,
    )
    expect(await bookingOf(booking, 'Refused Template LLP')).toEqual({
      state: 'booked',
      id: `bk-${refused}`,
    })
    expect(await bookingOf(booking, 'Lost Webhook LLP')).toEqual({
      state: 'booked',
      id: `bk-${lost}`,
    })
  }, 60_000)

  it("the deployed job's endpoint books a Calendly booking that no webhook reported", async () => {
    const requestId = await sendLead(booking, 'Calendly Only LLP')
    const made = new Date().toISOString()
    calendly.events.push({
      uuid: `EV-${requestId}`,
      status: 'active',
      startTime: start,
      createdAt: made,
      updatedAt: made,
      invitees: [{ uuid: 'IN1', status: 'active', requestId, createdAt: made, updatedAt: made }],
    })
    const response = await fetch(
      new URL('functions/v1/send-demo-request/retry', booking.server.url),
      {
        method: 'POST',
        headers: { 'x-notify-retry-secret': retrySecret },
      },
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ success: true, bookings: { failed: [] } })
    expect(await bookingOf(booking, 'Calendly Only LLP')).toEqual({
      state: 'booked',
      id: calendly.inviteeUri(`EV-${requestId}`, 'IN1'),
    })
  }, 60_000)
})

describe("npm start's own loop", () => {
  let booking: CalBookingServer
  beforeAll(async () => {
    booking = await startServer('booking-reconciliation-loop', { NOTIFY_RETRY_SECONDS: '1' })
  }, 120_000)
  afterAll(() => booking?.stop())

  it('books a booking whose webhook never came, and says at start what it reads back', async () => {
    expect(booking.server.output()).toContain('read back Cal.com and Calendly bookings every 1 s')
    const requestId = await sendLead(booking, 'Looped LLP')
    calBooked(`bk-${requestId}`, requestId)
    await waitUntil(async () => (await bookingOf(booking, 'Looped LLP')).state === 'booked', {
      what: "the loop's read of Cal.com",
    })
    expect(await bookingOf(booking, 'Looped LLP')).toEqual({
      state: 'booked',
      id: `bk-${requestId}`,
    })
  }, 60_000)
})
