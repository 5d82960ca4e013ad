// "Sent but not booked" across a restart: `npm start` routes every lead to a Cal.com page; one
// lead books (Cal.com's webhook, signed), the others do not; `npm start` is stopped while their
// nudges wait and started again on the same data. Each unbooked lead is nudged once on Slack,
// Teams and the lead webhook, never before NO_BOOKING_ALERT_SECONDS after its send, and the
// booked one never.
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calWebhookBody, signCalWebhook } from '../support/booking-webhooks.ts'
import {
  type ChatWebhookStandIn,
  startChatWebhookStandIn,
} from '../support/chat-webhook-stand-in.ts'
import { commandRuns } from '../support/command-runs.ts'
import { migratedPgliteFolder } from '../support/pglite-folder.ts'
import { sampleLead } from '../support/sample-lead.ts'
import { waitUntil } from '../support/wait-until.ts'

const runs = commandRuns()
const calSecret = 'nudge-restart-cal-secret'
// Long enough for three sends, a booking and the stop to fit in it on a loaded machine (checked
// below: they took 4 to 9 s beside a bench), short enough to keep the file lean.
const delaySeconds = 15

let slack: ChatWebhookStandIn
let teams: ChatWebhookStandIn
beforeAll(async () => {
  ;[slack, teams] = await Promise.all([
    startChatWebhookStandIn('slack'),
    startChatWebhookStandIn('teams'),
  ])
})
afterAll(() => Promise.all([slack?.close(), teams?.close()]))

/** A lead sent as the widget sends it: its id, and when the send began (wall clock). */
async function sendLead(url: string, companyName: string) {
  const sentAt = Date.now()
  const response = await fetch(`${url}/functions/v1/send-demo-request`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ ...sampleLead, companyName }),
  })
  const reply = (await response.json()) as { requestId: string; next?: { url: string } }
  expect(response.status).toBe(200)
  expect(reply.next?.url).toContain('cal.com/acme/demo')
  return { companyName, id: reply.requestId, sentAt }
}

/** Cal.com's BOOKING_CREATED for the lead, signed as Cal.com signs it. */
async function book(url: string, requestId: string) {
  const body = calWebhookBody({
    trigger: 'BOOKING_CREATED',
    uid: `booking-${requestId}`,
    requestId,
    startTime: '2026-12-10T16:30:00.000Z',
    createdAt: new Date().toISOString(),
  })
  const response = await fetch(`${url}/functions/v1/send-demo-request/booking/cal`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-cal-signature-256': signCalWebhook(body, calSecret),
    },
    body,
  })
  expect(response.status).toBe(200)
}

/** Every nudge each destination received (taken or not), with its lead and when it came. */
function nudges() {
  const wall = (receivedAt: number) => performance.timeOrigin + receivedAt
  const chat = (standIn: ChatWebhookStandIn) =>
    standIn.received.flatMap(({ raw, receivedAt }) => {
      const company = /([\w ]+ LLP) sent the form but has not booked/.exec(raw)?.[1]
      return company ? [{ company, at: wall(receivedAt) }] : []
    })
  const webhook = runs
    .emailApi()
    .received.filter(({ body }) => body.type === 'demo_request.not_booked')
    .map(({ body, receivedAt }) => ({
      company: String((body.data as { companyName?: unknown }).companyName),
      at: wall(receivedAt),
    }))
  return { slack: chat(slack), teams: chat(teams), webhook }
}

describe('the not-booked nudge', () => {
  it('comes once per unbooked lead after the delay, never for the booked, across a restart', async () => {
    const env = runs.environment({
      PGLITE_DATA_DIR: await migratedPgliteFolder(join(runs.folder(), 'nudge')),
      DEMO_REQUEST_ROUTES: JSON.stringify([{ book: 'https://cal.com/acme/demo' }]),
      CAL_WEBHOOK_SECRET: calSecret,
      NO_BOOKING_ALERT_SECONDS: String(delaySeconds),
      NOTIFY_RETRY_SECONDS: '1',
      SLACK_WEBHOOK_URL: slack.url,
      TEAMS_WEBHOOK_URL: teams.url,
      NOTIFY_WEBHOOK_URL: runs.emailApi().webhookUrl,
      NOTIFY_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    })
    const first = await runs.startServer(env)
    // At once: one by one, the first sends of a loaded machine took 6 s of the wait.
    const [alder, birch, cedar] = await Promise.all(
      ['Alder', 'Birch', 'Cedar'].map((name) => sendLead(first.url, `${name} Defense LLP`)),
    )
    if (!alder || !birch || !cedar) throw new Error('three leads were sent')
    await book(first.url, birch.id)
    await first.stop()
    // Stopped while every nudge still waited: otherwise this would not test the restart.
    expect(Date.now()).toBeLessThan(alder.sentAt + delaySeconds * 1000)
    expect(nudges()).toEqual({ slack: [], teams: [], webhook: [] })

    const second = await runs.startServer(env)
    // A lead sent after the restart: its nudges, due a whole delay after every other, are the
    // signal that the job is long past the others' time (nudges of one run go out in any order),
    // after which a nudge that has not come is not coming.
    const late = await sendLead(second.url, 'Dogwood Defense LLP')
    const unbooked = [alder, cedar, late]
    await waitUntil(
      () =>
        Object.values(nudges()).every((received) =>
          received.some((nudge) => nudge.company === late.companyName),
        ),
      { timeoutMs: 90_000, what: `the nudges about ${late.companyName}` },
    )
    for (const [destination, received] of Object.entries(nudges())) {
      expect(
        received.map((nudge) => nudge.company).sort(),
        `${destination}: once per unbooked lead, none for ${birch.companyName}`,
      ).toEqual(unbooked.map((lead) => lead.companyName).sort())
      for (const nudge of received) {
        const lead = unbooked.find((candidate) => candidate.companyName === nudge.company)
        expect(
          nudge.at - (lead?.sentAt ?? 0),
          `${destination}: ${nudge.company}`,
        ).toBeGreaterThanOrEqual(delaySeconds * 1000)
      }
    }
  }, 180_000)
})
