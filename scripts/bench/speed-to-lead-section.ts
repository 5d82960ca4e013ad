// Speed to lead: how long from a visitor's send until sales have it, by email (the email API's
// stand-in receiving the message) and by the signed webhook (its receiver receiving the post),
// at a steady 10 leads a second for a minute, on `npm start`'s server with its embedded
// database, as a separate process. Every lead is a new company, so each is told once.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { startEmailApiStandIn } from '../../tests/support/email-api-stand-in.ts'
import { sampleSubmission } from '../../tests/support/sample-lead.ts'
import { startLocalServer } from '../../tests/support/start-local-server.ts'
import { type BenchRow, ms } from './bench-row.ts'
import { median, quantile } from './stats.ts'

const section = 'Speed to lead'
// Issue 39's goal: sales hear of 99 leads in 100 within five seconds of the send.
const goalP99Ms = 5000
// After the last send, how long a lead may still take before it counts as never told.
const graceMs = 30_000

/** Each lead's milliseconds from its send to its email and its webhook, null where none came. */
export interface SpeedToLeadFigures {
  perSecond: number
  seconds: number
  email: (number | null)[]
  webhook: (number | null)[]
  /** Replies other than 201/200, which leave the lead out. */
  refused: number
}

const summary = (values: readonly (number | null)[]) => {
  const arrived = values.filter((value): value is number => value !== null)
  return {
    p50: median(arrived),
    p99: arrived.length === values.length ? quantile(arrived, 0.99) : null,
    missing: values.length - arrived.length,
  }
}

// The section's rows from its figures.
function speedToLeadRows(figures: SpeedToLeadFigures): BenchRow[] {
  const leads = figures.email.length
  const load = `${figures.perSecond} leads/s for ${figures.seconds} s (${leads} leads, ${figures.refused} refused)`
  return (['email', 'webhook'] as const).map((channel) => {
    const { p50, p99, missing } = summary(figures[channel])
    const what =
      channel === 'email'
        ? 'send → the email API (stand-in) has the message'
        : 'send → the lead webhook (receiver) has the post'
    return {
      section,
      measure: `${what}, npm start on PGlite, ${load}`,
      value: `p50 ${ms(p50)} · p99 ${ms(p99)}${missing ? ` · ${missing} never came` : ''}`,
      target: `p99 ≤ ${goalP99Ms / 1000} s`,
      baseline: 'n/a (the goal is absolute)',
      meets: p99 === null ? false : p99 <= goalP99Ms,
    }
  })
}

/** Sends `perSecond` leads a second for `seconds`, and times each to its email and webhook. */
export async function measureSpeedToLead(
  seconds: number,
  perSecond = 10,
): Promise<{ rows: BenchRow[]; data: SpeedToLeadFigures }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-speed-'))
  const sales = await startEmailApiStandIn()
  const server = await startLocalServer(
    {
      PGLITE_DATA_DIR: join(dataDir, 'pglite'),
      RESEND_API_KEY: 're_bench',
      NOTIFY_EMAIL_TO: 'sales@example.com',
      RESEND_API_URL: sales.url,
      NOTIFY_WEBHOOK_URL: sales.webhookUrl,
      NOTIFY_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      // One address sends every lead: no limit may stop the load.
      RATE_LIMIT_MAX: '1000000000',
      RATE_LIMIT_GLOBAL_MAX: '1000000000',
    },
    { timeoutMs: 120_000 },
  ).catch(async (error) => {
    await Promise.all([sales.close(), rm(dataDir, { recursive: true, force: true })])
    throw error
  })
  try {
    const functionUrl = new URL('/functions/v1/send-demo-request', server.url).href
    const origin = new URL(server.url).origin
    const total = perSecond * seconds
    const sentAt: number[] = []
    let refused = 0
    const started = performance.now()
    const sends: Promise<void>[] = []
    for (let index = 0; index < total; index++) {
      // Paced on the clock, not by waiting on replies: a slow reply never slows the load.
      const due = started + (index * 1000) / perSecond
      const wait = due - performance.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      sentAt[index] = performance.now()
      sends.push(
        fetch(functionUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin },
          body: JSON.stringify({ ...sampleSubmission, companyName: `Speed ${index} Co` }),
        }).then(async (response) => {
          await response.body?.cancel()
          if (!response.ok) refused += 1
        }),
      )
    }
    await Promise.all(sends)
    // Each lead is told once by each channel: 2 requests a lead, unless some never come.
    const expected = 2 * (total - refused)
    const deadline = new Promise((resolve) => setTimeout(resolve, graceMs).unref())
    await Promise.race([sales.waitForRequests(expected), deadline])

    // The company names the lead by: "Speed 12 Co" is in its email and its webhook alike.
    const arrival = (path: string) => {
      const first = new Map<number, number>()
      for (const request of sales.received) {
        if (!request.path.startsWith(path)) continue
        const index = Number(/Speed (\d+) Co/.exec(request.raw)?.[1] ?? Number.NaN)
        if (!Number.isNaN(index) && !first.has(index)) first.set(index, request.receivedAt)
      }
      return sentAt.map((at, index) => {
        const came = first.get(index)
        return came === undefined ? null : came - at
      })
    }
    const data: SpeedToLeadFigures = {
      perSecond,
      seconds,
      email: arrival(new URL(sales.url).pathname),
      webhook: arrival(new URL(sales.webhookUrl).pathname),
      refused,
    }
    return { rows: speedToLeadRows(data), data }
  } finally {
    await server.stop()
    await sales.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}
