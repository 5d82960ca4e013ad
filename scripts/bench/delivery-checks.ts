// What delivery under failure checks (delivery-under-failure-section.ts): each lead counted at
// each destination by its company, `Delivery <index> Co`, through the stand-ins' own records;
// HubSpot's contacts, associations and owners and Salesforce's owners against the lead's owner
// in the console; each lead's history read as the owner; and the server's log of attempts that
// ran out of time.
import type { LeadDetail } from '../../src/core/console-api.ts'
import type { Destinations } from './destinations.ts'

/** A call of the console's API as the person signed in. */
export type ConsoleCall = <T>(route: string, init?: RequestInit) => Promise<T>

export const channels = ['email', 'webhook', 'slack', 'teams', 'hubspot', 'salesforce'] as const
export type Channel = (typeof channels)[number]

/** One lead as sent: its index, its email, and the id its reply named (null when refused). */
export interface SentLead {
  index: number
  email: string
  requestId: string | null
}

export const salesPeople = ['ana', 'ben', 'cy'].map((name, index) => ({
  email: `${name}@firm.example`,
  hubspotOwnerId: String(501 + index),
  salesforceUserId: `005000000000${String(index + 1).padStart(3, '0')}AAA`,
}))

/** The lead's index in what a destination received: its company is `Delivery <index> Co`. */
const indexIn = (text: string) => Number(/Delivery (\d+) Co/.exec(text)?.[1] ?? Number.NaN)

/** How many times each lead arrived at each destination, and what HubSpot holds beyond that. */
interface Tally {
  arrivals: Record<Channel, Map<number, number>>
  /** Leads whose deal is associated with their contact and carries an owner. */
  dealsComplete: number
  contacts: number
  contactsTwice: number
}

export function tally(destinations: Destinations, sent: readonly SentLead[]): Tally {
  const { sales, slack, teams, hubspot, salesforce } = destinations.standIns
  const count = (texts: string[]) => {
    const counts = new Map<number, number>()
    for (const text of texts) {
      const index = indexIn(text)
      if (!Number.isNaN(index)) counts.set(index, (counts.get(index) ?? 0) + 1)
    }
    return counts
  }
  // The email API keeps idempotency keys, so a retry of a request it took is not delivered again.
  const delivered = (path: string) =>
    sales.delivered.filter((request) => request.path.startsWith(path)).map(({ raw }) => raw)
  const byIndex = new Map(sent.map((lead) => [lead.requestId, lead]))
  const contactIds = new Set(hubspot.contacts.map((contact) => contact.id))
  const dealsComplete = hubspot.deals.filter((deal) => {
    const associated = [...(hubspot.associations.get(deal.id)?.keys() ?? [])]
    return (
      byIndex.has(deal.properties.demo_request_id ?? '') &&
      associated.some((id) => contactIds.has(id)) &&
      Boolean(deal.properties.hubspot_owner_id)
    )
  }).length
  const emails = hubspot.contacts.map((contact) => contact.properties.email?.toLowerCase())
  return {
    arrivals: {
      email: count(delivered(new URL(sales.url).pathname)),
      webhook: count(delivered(new URL(sales.webhookUrl).pathname)),
      slack: count(slack.delivered.map(({ raw }) => raw)),
      teams: count(teams.delivered.map(({ raw }) => raw)),
      hubspot: count(hubspot.deals.map((deal) => deal.properties.dealname ?? '')),
      salesforce: count([...salesforce.leads.values()].map((lead) => lead.fields.Company ?? '')),
    },
    dealsComplete,
    contacts: new Set(emails).size,
    contactsTwice: emails.length - new Set(emails).size,
  }
}

/** The leads accepted that a destination has not got yet. */
export const missingAt = (arrivals: Map<number, number>, accepted: readonly SentLead[]) =>
  accepted.filter((lead) => !arrivals.has(lead.index)).length
export const perChannel = (figure: (channel: Channel) => number) =>
  Object.fromEntries(channels.map((channel) => [channel, figure(channel)])) as Record<
    Channel,
    number
  >
export const twiceAt = (arrivals: Map<number, number>) =>
  [...arrivals.values()].filter((times) => times > 1).length

/**
 * Each lead as the owner reads it in the console: whether its history lists each destination's
 * delivery once, and its owner's email. Four at a time, as a person's browser never asks more.
 */
export async function historiesOf(call: ConsoleCall, accepted: readonly SentLead[]) {
  const owners = new Map<string, string | null>()
  let complete = 0
  const queue = [...accepted]
  const worker = async () => {
    for (let lead = queue.shift(); lead; lead = queue.shift()) {
      const detail = await call<LeadDetail>(`leads/${lead.requestId}`)
      const notified = detail.history.filter((entry) => entry.kind === 'notified')
      const once = channels.every(
        (channel) => notified.filter((entry) => entry.text === channel).length === 1,
      )
      if (once && notified.length === channels.length) complete += 1
      owners.set(lead.requestId ?? '', detail.owner?.email ?? null)
    }
  }
  await Promise.all([worker(), worker(), worker(), worker()])
  return { complete, owners }
}

/**
 * Whether each lead's HubSpot deal is associated with the contact of its email and carries its
 * owner, and its Salesforce Lead is its owner's; and how many leads each sales person got.
 */
export function ownersMatch(
  { standIns: { hubspot, salesforce } }: Destinations,
  accepted: readonly SentLead[],
  owners: ReadonlyMap<string, string | null>,
) {
  let dealsRight = 0
  let leadsRight = 0
  const perPerson = new Map<string, number>()
  for (const lead of accepted) {
    const requestId = lead.requestId ?? ''
    const ownerEmail = owners.get(requestId) ?? ''
    perPerson.set(ownerEmail, (perPerson.get(ownerEmail) ?? 0) + 1)
    const person = salesPeople.find((candidate) => candidate.email === ownerEmail)
    const deal = hubspot.dealOf(requestId)
    const contact = hubspot.contacts.find(
      (candidate) => candidate.properties.email?.toLowerCase() === lead.email,
    )
    const associated = deal && contact && hubspot.associations.get(deal.id)?.has(contact.id)
    if (person && associated && deal.properties.hubspot_owner_id === person.hubspotOwnerId) {
      dealsRight += 1
    }
    const salesforceLead = salesforce.leads.get(requestId)
    if (person && salesforceLead?.fields.OwnerId === person.salesforceUserId) leadsRight += 1
  }
  return { dealsRight, leadsRight, perPerson: Object.fromEntries(perPerson) }
}

/** How many attempts on each channel the server's log says ran out of time. */
export function timeoutsIn(output: string): Record<Channel, number> {
  const failed = /The (\w+) notification of [^\n]* failed Error: No answer within/g
  const found = [...output.matchAll(failed)].map(([, channel]) => channel)
  return perChannel((channel) => found.filter((name) => name === channel).length)
}
