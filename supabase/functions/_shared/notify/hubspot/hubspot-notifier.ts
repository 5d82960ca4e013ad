import { bookingLine } from '../crm/booking-line.ts'
import { cachedOwnerLookup } from '../crm/owner-cache.ts'
import type { LeadNotice, Notifier } from '../notifier.ts'
import { batchResults, hubSpotApi } from './hubspot-api.ts'
import { contactProperties, dealProperties, demoRequestIdProperty } from './hubspot-records.ts'
import type { HubSpotSettings } from './hubspot-settings.ts'

export interface HubSpotNotifierOptions extends HubSpotSettings {
  fetch?: typeof globalThis.fetch
  now?: () => Date
  /** The IANA time zone of the times sales read, and of HubSpot's daily limit; UTC by default. */
  timeZone?: string
}

// HubSpot's own association type from a deal to a contact (the "HUBSPOT_DEFINED" category).
const dealToContact = { associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 3 } as const

/**
 * A notifier that keeps each lead in HubSpot: the person as a contact upserted by email, the
 * request as a deal upserted by `demo_request_id` and associated with the contact, owned by the
 * lead's owner when HubSpot knows them. Every call is an upsert or a PUT keyed by the lead, so a
 * repeated attempt updates the same records and never makes a second one.
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

  async function upsertOne(
    object: 'contacts' | 'deals',
    idProperty: string,
    id: string,
    properties: Record<string, string>,
    signal: AbortSignal,
  ): Promise<string> {
    const path = `/crm/v3/objects/${object}/batch/upsert`
    const reply = await request('POST', path, { inputs: [{ idProperty, id, properties }] }, signal)
    const [record] = batchResults(reply, path)
    if (typeof record?.id !== 'string') throw new Error(`HubSpot sent ${path} no record id`)
    return record.id
  }

  // A lead without an email (a form without that field) has no contact: HubSpot keys them by it.
  const upsertContact = (lead: LeadNotice, signal: AbortSignal) =>
    lead.email
      ? upsertOne('contacts', 'email', lead.email, contactProperties(lead), signal)
      : Promise.resolve(null)

  return {
    channel: 'hubspot',
    async notify(lead, signal) {
      const [owner, contactId] = await Promise.all([
        ownerOf(lead, signal),
        upsertContact(lead, signal),
      ])
      const dealId = await upsertOne(
        'deals',
        demoRequestIdProperty,
        lead.id,
        dealProperties(lead, options, owner),
        signal,
      )
      if (contactId === null) return
      const path = `/crm/v4/objects/deals/${encodeURIComponent(dealId)}/associations/contacts/${encodeURIComponent(contactId)}`
      await request('PUT', path, [dealToContact], signal)
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
    // booking: a status never makes a deal.
    async notifyStatus(change, signal) {
      const stage = options.statusStages[change.status]
      if (stage === undefined) return
      const path = '/crm/v3/objects/deals/batch/update'
      const properties = { pipeline: options.pipeline, dealstage: stage }
      const input = { idProperty: demoRequestIdProperty, id: change.lead.id, properties }
      batchResults(await request('POST', path, { inputs: [input] }, signal), path)
    },
  }
}
