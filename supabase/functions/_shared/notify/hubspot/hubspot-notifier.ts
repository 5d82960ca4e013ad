import { bookingLine } from '../crm/booking-line.ts'
import { cachedOwnerLookup } from '../crm/owner-cache.ts'
import type { LeadNotice, Notifier } from '../notifier.ts'
import { batchResults, hubSpotApi } from './hubspot-api.ts'
import { associateDeals, hubSpotBatchSize, upsertRecords } from './hubspot-batch.ts'
import {
  contactProperties,
  dealProperties,
  demoRequestIdProperty,
  meetingOutcomeProperty,
} from './hubspot-records.ts'
import type { HubSpotSettings } from './hubspot-settings.ts'

export interface HubSpotNotifierOptions extends HubSpotSettings {
  fetch?: typeof globalThis.fetch
  now?: () => Date
  /** The IANA time zone of the times sales read, and of HubSpot's daily limit; UTC by default. */
  timeZone?: string
}

/**
 * A notifier that keeps each lead in HubSpot: the person as a contact upserted by email, the
 * request as a deal upserted by `demo_request_id` and associated with the contact, owned by the
 * lead's owner when HubSpot knows them, many leads to a call. Every call is an upsert keyed by the
 * lead or an association of its records, so a repeated attempt updates the same records and never
 * makes a second one.
 */
export function createHubSpotNotifier(options: HubSpotNotifierOptions): Notifier {
  const now = options.now ?? (() => new Date())
  const timeZone = options.timeZone ?? 'UTC'
  const request = hubSpotApi({
    settings: options,
    fetch: options.fetch ?? fetch,
    now,
    timeZone,
  })

  const ownerId = cachedOwnerLookup(async (email, signal) => {
    const query = new URLSearchParams({ email, archived: 'false', limit: '1' })
    const reply = await request('GET', `/crm/v3/owners?${query}`, undefined, signal)
    const [owner] = Array.isArray(reply.results) ? reply.results : []
    const id = (owner as { id?: unknown } | undefined)?.id
    return typeof id === 'string' && id !== '' ? id : null
  }, now)

  const ownerOf = (lead: LeadNotice, signal: AbortSignal) =>
    lead.owner?.email ? ownerId(lead.owner.email, signal) : Promise.resolve(null)

  // Leads in three calls whatever their number (up to HubSpot's batch size): their contacts
  // (with their owners' ids, each asked once), then their deals, then the associations. Each
  // lead's outcome is its own: one refused is failed alone, and the others go on; a refusal of a
  // whole call (a limit, the token, an outage) rejects for all. A person's two requests in one
  // batch are one contact, written as the later of them.
  async function upsertLeads(leads: readonly LeadNotice[], signal: AbortSignal) {
    const people = new Map(
      leads.flatMap((lead) => (lead.email ? [[lead.email.toLowerCase(), lead] as const] : [])),
    )
    const [owners, contacts] = await Promise.all([
      Promise.all(leads.map((lead) => ownerOf(lead, signal))),
      upsertRecords(
        request,
        'contacts',
        [...people].map(([key, lead]) => ({
          key,
          input: {
            idProperty: 'email',
            id: lead.email ?? key,
            properties: contactProperties(lead),
          },
        })),
        signal,
      ),
    ])
    const contactOf = (lead: LeadNotice) =>
      lead.email ? contacts.get(lead.email.toLowerCase()) : undefined
    const written = leads.flatMap((lead, index) =>
      contactOf(lead) instanceof Error ? [] : [{ lead, owner: owners[index] ?? null }],
    )
    const deals = await upsertRecords(
      request,
      'deals',
      written.map(({ lead, owner }) => ({
        key: lead.id,
        input: {
          idProperty: demoRequestIdProperty,
          id: lead.id,
          // The key among the properties too: the reply names each deal by it.
          properties: { ...dealProperties(lead, options, owner), [demoRequestIdProperty]: lead.id },
        },
      })),
      signal,
    )
    const pairs = written.flatMap(({ lead }) => {
      const dealId = deals.get(lead.id)
      const contactId = contactOf(lead)
      return typeof dealId === 'string' && typeof contactId === 'string'
        ? [{ dealId, contactId }]
        : []
    })
    const associated = await associateDeals(request, pairs, signal)
    return leads.map((lead): Error | undefined => {
      const contact = contactOf(lead)
      const deal = deals.get(lead.id)
      if (contact instanceof Error) return contact
      if (deal instanceof Error) return deal
      if (deal === undefined) return new Error(`HubSpot wrote no deal for ${lead.id}`)
      return associated.get(deal)
    })
  }

  return {
    channel: 'hubspot',
    batch: { size: hubSpotBatchSize, notify: upsertLeads },
    async notify(lead, signal) {
      const [error] = await upsertLeads([lead], signal)
      if (error) throw error
    },
    // Held leads are likely a flood's: the digest goes to people by email or chat, and the CRM
    // is not filled with records nobody asked for. Resolving marks the digest done here.
    notifyDigest: async () => {},
    // An update, not an upsert: a booking must not make a deal without its pipeline and stage.
    // Until the lead's own delivery has made the deal, HubSpot reports it missing and the
    // booking is tried again later.
    async notifyBooking(booking, signal) {
      const owner = await ownerOf(booking.lead, signal)
      const path = '/crm/v3/objects/deals/batch/update'
      const properties = {
        hs_next_step: bookingLine(booking, timeZone),
        ...(owner === null ? {} : { hubspot_owner_id: owner }),
      }
      const input = { idProperty: demoRequestIdProperty, id: booking.lead.id, properties }
      batchResults(await request('POST', path, { inputs: [input] }, signal), path)
    },
    // The stage is one of the configured pipeline's, so the deal is put in it too: one sales
    // moved to another pipeline would otherwise refuse the stage for good. An update, as for a
    // booking: a status never makes a deal. An empty value clears the meeting's property.
    async notifyStatus(change, signal) {
      const stage = change.status === null ? undefined : options.statusStages[change.status]
      const properties = {
        ...(stage === undefined ? {} : { pipeline: options.pipeline, dealstage: stage }),
        ...(change.meetingOutcome === undefined
          ? {}
          : { [meetingOutcomeProperty]: change.meetingOutcome ?? '' }),
      }
      if (Object.keys(properties).length === 0) return
      const path = '/crm/v3/objects/deals/batch/update'
      const input = { idProperty: demoRequestIdProperty, id: change.lead.id, properties }
      batchResults(await request('POST', path, { inputs: [input] }, signal), path)
    },
  }
}
