import { isRecord } from '#core/is-record.ts'
import { bookingLine } from '../crm/booking-line.ts'
import { chunks } from '../crm/chunks.ts'
import { cachedOwnerLookup } from '../crm/owner-cache.ts'
import type { LeadNotice, Notifier } from '../notifier.ts'
import {
  recordRefusal,
  salesforceApi,
  salesforceBatchSize,
  salesforceRefusal,
} from './salesforce-api.ts'
import { leadRecord } from './salesforce-lead.ts'
import type { SalesforceSettings } from './salesforce-settings.ts'

export interface SalesforceNotifierOptions extends SalesforceSettings {
  fetch?: typeof globalThis.fetch
  now?: () => Date
  /** The IANA time zone of the times sales read; UTC by default. */
  timeZone?: string
}

// SOQL string literals escape a quote and a backslash with a backslash.
const soqlString = (value: string) => `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`

/**
 * A notifier that keeps each request as a Lead in Salesforce, upserted by its id in the
 * external id field, so a repeated attempt updates the same Lead. A lead whose owner is an
 * active Salesforce user is given to them; any other is left to the org's assignment rules.
 */
export function createSalesforceNotifier(options: SalesforceNotifierOptions): Notifier {
  const timeZone = options.timeZone ?? 'UTC'
  const request = salesforceApi({ settings: options, fetch: options.fetch ?? fetch })
  const leadPath = (lead: LeadNotice) =>
    `/sobjects/Lead/${options.leadIdField}/${encodeURIComponent(lead.id)}`

  const userId = cachedOwnerLookup(
    async (email, signal) => {
      const q = `SELECT Id FROM User WHERE Email = ${soqlString(email)} AND IsActive = true LIMIT 1`
      const what = 'the query for the owner'
      const reply = await request('GET', `/query?${new URLSearchParams({ q })}`, { what }, signal)
      if (reply.status !== 200) throw salesforceRefusal(reply, what)
      const [user] =
        isRecord(reply.body) && Array.isArray(reply.body.records) ? reply.body.records : []
      return isRecord(user) && typeof user.Id === 'string' ? user.Id : null
    },
    options.now ?? (() => new Date()),
  )

  const ownerOf = (lead: LeadNotice, signal: AbortSignal) =>
    lead.owner?.email ? userId(lead.owner.email, signal) : Promise.resolve(null)

  async function upsert(
    path: string,
    body: Record<string, string | null>,
    autoAssign: boolean,
    signal: AbortSignal,
  ) {
    const what = 'the Lead'
    const headers = { 'sforce-auto-assign': autoAssign ? 'TRUE' : 'FALSE' }
    const reply = await request('PATCH', path, { body, headers, what }, signal)
    // 201: created; 200 (204 before API 46.0): updated.
    if (![200, 201, 204].includes(reply.status)) throw salesforceRefusal(reply, what)
  }

  // Up to 200 Leads a call by sObject Collections, each with its own result (allOrNone false):
  // one refused fails alone. `Sforce-Auto-Assign` is the request's, so the Leads given to their
  // owner go in one call and those left to the rules in another.
  async function upsertLeads(leads: readonly LeadNotice[], signal: AbortSignal) {
    const owners = await Promise.all(leads.map((lead) => ownerOf(lead, signal)))
    const outcomes: (Error | undefined)[] = leads.map(() => undefined)
    const path = `/composite/sobjects/Lead/${options.leadIdField}`
    const what = 'the Leads'
    const send = async (indexes: number[], autoAssign: boolean) => {
      const records = indexes.map((index) => {
        const lead = leads[index] as LeadNotice
        const owner = owners[index] ?? null
        return {
          attributes: { type: 'Lead' },
          ...leadRecord(lead),
          ...(owner === null ? {} : { OwnerId: owner }),
          [options.leadIdField]: lead.id,
        }
      })
      const headers = { 'sforce-auto-assign': autoAssign ? 'TRUE' : 'FALSE' }
      const body = { allOrNone: false, records }
      const reply = await request('PATCH', path, { body, headers, what }, signal)
      if (reply.status !== 200 || !Array.isArray(reply.body)) throw salesforceRefusal(reply, what)
      const results: unknown[] = reply.body
      for (const [position, index] of indexes.entries()) {
        outcomes[index] = recordRefusal(results[position])
      }
    }
    const byRules = leads.flatMap((_, index) => (owners[index] === null ? [index] : []))
    const byOwner = leads.flatMap((_, index) => (owners[index] === null ? [] : [index]))
    await Promise.all([
      ...chunks(byRules, salesforceBatchSize).map((indexes) => send(indexes, true)),
      ...chunks(byOwner, salesforceBatchSize).map((indexes) => send(indexes, false)),
    ])
    return outcomes
  }

  return {
    channel: 'salesforce',
    batch: { size: salesforceBatchSize, notify: upsertLeads },
    async notify(lead, signal) {
      const owner = await ownerOf(lead, signal)
      const record = { ...leadRecord(lead), ...(owner === null ? {} : { OwnerId: owner }) }
      await upsert(leadPath(lead), record, owner === null, signal)
    },
    // Held leads are likely a flood's: the digest goes to people by email or chat, and the org
    // is not filled with Leads nobody asked for. Resolving marks the digest done here.
    notifyDigest: async () => {},
    // `updateOnly`: a booking never makes a Lead of its own; until the lead's own delivery has
    // made it, Salesforce answers 404 and the booking is tried again later. The assignment
    // rules are not run again on an update, which would take the Lead from whoever has it.
    async notifyBooking(booking, signal) {
      const owner = await ownerOf(booking.lead, signal)
      const { Description = '' } = leadRecord(booking.lead, bookingLine(booking, timeZone))
      const record = { Description, ...(owner === null ? {} : { OwnerId: owner }) }
      await upsert(`${leadPath(booking.lead)}?updateOnly=true`, record, false, signal)
    },
    // An update alone, as for a booking, and the Lead's owner left as it is. Null clears the
    // meeting's field.
    async notifyStatus(change, signal) {
      const status = change.status === null ? undefined : options.leadStatuses[change.status]
      const record = {
        ...(status === undefined ? {} : { Status: status }),
        ...(change.meetingOutcome === undefined
          ? {}
          : { [options.meetingOutcomeField]: change.meetingOutcome }),
      }
      if (Object.keys(record).length === 0) return
      await upsert(`${leadPath(change.lead)}?updateOnly=true`, record, false, signal)
    },
  }
}
