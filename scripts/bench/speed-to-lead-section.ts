// Speed to lead: how long from a visitor's send until sales have it, at every destination set at
// once (the email API, the lead webhook, Slack, Teams, HubSpot and Salesforce, each a recording
// stand-in), at a steady 10 leads a second for a fixed number of leads, on `npm start`'s server
// with its embedded database, as a separate process. Every lead is a new company, so each is told
// once everywhere.
import { performance } from 'node:perf_hooks'
import { sampleSubmission } from '../../tests/support/sample-lead.ts'
import { type BenchRow, ms } from './bench-row.ts'
import { type DestinationName, destinationNames, startDestinations } from './destinations.ts'
import { startServerToDestinations } from './npm-start.ts'
import { median, quantile } from './stats.ts'

const section = 'Speed to lead'
// Issue 39's goal, and issue 50's for Slack and HubSpot: sales hear of 99 leads in 100 within
// five seconds of the send.
const goalP99Ms = 5000
// After the last reply, how long a lead may still take before it counts as never told.
const graceMs = 30_000

/**
 * Each lead's milliseconds from its send's 2xx reply to its arrival at each destination, null
 * where none came (or the send was refused).
 */
export interface SpeedToLeadFigures {
  perSecond: number
  leads: number
  arrivals: Record<DestinationName, (number | null)[]>
  /** Replies other than 201/200, which leave the lead out. */
  refused: number
}

const summary = (values: readonly (number | null)[], expected: number) => {
  const arrived = values.filter((value): value is number => value !== null)
  return {
    p50: median(arrived),
    p99: arrived.length >= expected ? quantile(arrived, 0.99) : null,
    missing: expected - arrived.length,
  }
}

// What each row says sales have.
const what: Record<DestinationName, string> = {
  email: 'the email API (stand-in) has the message',
  webhook: 'the lead webhook (receiver) has the post',
  Slack: 'Slack (stand-in) has the message',
  Teams: 'Teams (stand-in) has the card',
  HubSpot: 'HubSpot (stand-in) upserted the deal',
  Salesforce: 'Salesforce (stand-in) upserted the Lead',
}

// The section's rows from its figures.
function speedToLeadRows(figures: SpeedToLeadFigures): BenchRow[] {
  const expected = figures.leads - figures.refused
  const load = `${figures.perSecond} leads/s, ${figures.leads} leads (${figures.refused} refused), every destination set`
  return destinationNames.map((name) => {
    const { p50, p99, missing } = summary(figures.arrivals[name], expected)
    return {
      section,
      measure: `send's reply → ${what[name]}, npm start on PGlite, ${load}`,
      value: `p50 ${ms(p50)} · p99 ${ms(p99)}${missing ? ` · ${missing} never came` : ''}`,
      target: `p99 ≤ ${goalP99Ms / 1000} s`,
      baseline: 'n/a (the goal is absolute)',
      meets: p99 === null ? false : p99 <= goalP99Ms,
    }
  })
}

/**
 * Sends `leads` leads at `perSecond` a second, and times each from its reply to each destination.
 */
export async function measureSpeedToLead(
  leads: number,
  perSecond = 10,
): Promise<{ rows: BenchRow[]; data: SpeedToLeadFigures }> {
  // In this process: a receipt and a reply must be read on the one clock.
  const destinations = await startDestinations()
  const { server, stop } = await startServerToDestinations(destinations, 'bench-speed-')
  try {
    const functionUrl = new URL('/functions/v1/send-demo-request', server.url).href
    const origin = new URL(server.url).origin
    // When each send's 2xx reply came; null for a refusal.
    const repliedAt: (number | null)[] = []
    let refused = 0
    const started = performance.now()
    const sends: Promise<void>[] = []
    for (let index = 0; index < leads; index++) {
      // Paced on the clock, not by waiting on replies: a slow reply never slows the load.
      const due = started + (index * 1000) / perSecond
      const wait = due - performance.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      sends.push(
        fetch(functionUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin },
          body: JSON.stringify({ ...sampleSubmission, companyName: `Speed ${index} Co` }),
        }).then(async (response) => {
          // From the reply's headers: the issue's clock starts when the visitor is answered.
          repliedAt[index] = response.ok ? performance.now() : null
          await response.body?.cancel()
          if (!response.ok) refused += 1
        }),
      )
    }
    await Promise.all(sends)

    // The company names the lead everywhere: "Speed 12 Co" is in its email, its webhook, its
    // messages, its deal's name and its Lead's company.
    const firstArrivals = () => {
      const receipts = destinations.receipts()
      return Object.fromEntries(
        destinationNames.map((name) => {
          const first = new Map<number, number>()
          for (const receipt of receipts[name]) {
            const index = Number(/Speed (\d+) Co/.exec(receipt.text)?.[1] ?? Number.NaN)
            if (!Number.isNaN(index) && !first.has(index)) first.set(index, receipt.receivedAt)
          }
          return [name, first]
        }),
      ) as Record<DestinationName, Map<number, number>>
    }
    const expected = leads - refused
    const deadline = performance.now() + graceMs
    while (performance.now() < deadline) {
      const arrivals = firstArrivals()
      if (destinationNames.every((name) => arrivals[name].size >= expected)) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const arrivals = firstArrivals()
    const data: SpeedToLeadFigures = {
      perSecond,
      leads,
      arrivals: Object.fromEntries(
        destinationNames.map((name) => [
          name,
          repliedAt.map((at, index) => {
            const came = arrivals[name].get(index)
            return at === null || came === undefined ? null : came - at
          }),
        ]),
      ) as Record<DestinationName, (number | null)[]>,
      refused,
    }
    return { rows: speedToLeadRows(data), data }
  } finally {
    await stop()
  }
}
