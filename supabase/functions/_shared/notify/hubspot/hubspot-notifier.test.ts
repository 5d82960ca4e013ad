import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { hubSpotNotifierOn } from '../../../../../tests/support/crm-notifiers.ts'
import {
  type HubSpotStandIn,
  startHubSpotStandIn,
} from '../../../../../tests/support/hubspot-stand-in.ts'
import { sampleContact, sampleStoredDemoRequest } from '../../../../../tests/support/sample-lead.ts'
import { DeliveryRefused } from '../delivery-refused.ts'
import type { BookingNotice, LeadNotice } from '../notifier.ts'

const lead: LeadNotice = { ...sampleStoredDemoRequest, ...sampleContact }
const second: LeadNotice = {
  ...lead,
  id: '9c4d1f0e-2b3a-4c5d-8e6f-708192a3b4c5',
  email: 'ADA@lovelace.example',
  message: 'A second office now.',
}
const owner = { id: '41629779', email: 'sam@firm.example', firstName: 'Sam', lastName: 'Seller' }
const signal = () => new AbortController().signal

let api: HubSpotStandIn
beforeEach(async () => {
  api = await startHubSpotStandIn()
  api.dealProperties.add('demo_request_id')
})
afterEach(() => api.close())

const notifier = (options: { now?: () => Date; timeZone?: string; token?: string } = {}) =>
  hubSpotNotifierOn(api, {}, { ...options, accessToken: options.token ?? api.token })

const associated = (dealId: string | undefined) => [...(api.associations.get(dealId ?? '') ?? [])]

describe('createHubSpotNotifier', () => {
  it('upserts the contact by email and the deal by demo_request_id, and associates them', async () => {
    await notifier().notify(lead, signal())
    expect(api.contacts).toEqual([
      {
        id: expect.any(String),
        receivedAt: expect.any(Number),
        properties: {
          email: 'ada@lovelace.example',
          firstname: 'Ada',
          lastname: 'Lovelace',
          company: 'Lovelace & Babbage LLP',
          jobtitle: 'Managing Partner',
          phone: '+44 20 7946 0000',
          message: 'Two offices, Austin and London.\nAsk for Charles.',
        },
      },
    ])
    const deal = api.dealOf(lead.id)
    expect(deal?.properties).toEqual({
      demo_request_id: lead.id,
      dealname: 'Demo request: Lovelace & Babbage LLP (Ada Lovelace)',
      pipeline: 'default',
      dealstage: 'appointmentscheduled',
      description: [
        'Company size: 6-50 employees',
        'Message: Two offices, Austin and London.\nAsk for Charles.',
        'Source: widget',
        'Campaign: injury-defense-2026',
        'UTM source: newsletter',
        'UTM medium: email',
        'Page: https://partner.example/contact',
        'Language: en',
      ].join('\n'),
    })
    expect(associated(deal?.id)).toEqual([
      [api.contacts[0]?.id, [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 3 }]],
    ])
  })

  it('makes one contact and one deal of a lead sent twice', async () => {
    await notifier().notify(lead, signal())
    await notifier().notify({ ...lead }, signal())
    expect(api.contacts).toHaveLength(1)
    expect(api.deals).toHaveLength(1)
    expect(associated(api.deals[0]?.id)).toHaveLength(1)
  })

  it('gives two requests from one email one contact and a deal each, both associated', async () => {
    const hubspot = notifier()
    await hubspot.notify(lead, signal())
    await hubspot.notify(second, signal())
    expect(api.contacts).toHaveLength(1)
    expect(api.contacts[0]?.properties.message).toBe('A second office now.')
    expect(api.deals.map((deal) => deal.properties.demo_request_id)).toEqual([lead.id, second.id])
    for (const deal of api.deals)
      expect(associated(deal.id).map(([id]) => id)).toEqual([api.contacts[0]?.id])
  })

  it("sets the deal's owner when HubSpot has the lead's owner, asking once per owner", async () => {
    api.owners.push(owner)
    const hubspot = notifier()
    await hubspot.notify({ ...lead, owner: { email: 'Sam@Firm.example', name: 'Sam' } }, signal())
    await hubspot.notify({ ...second, owner: { email: 'sam@firm.example', name: 'Sam' } }, signal())
    expect(api.deals.map((deal) => deal.properties.hubspot_owner_id)).toEqual([owner.id, owner.id])
    expect(api.requests.filter((request) => request.path === '/crm/v3/owners')).toHaveLength(1)
  })

  it('leaves the owner out when HubSpot does not know them, or the lead has none', async () => {
    await notifier().notify({ ...lead, owner: { email: 'new@firm.example', name: null } }, signal())
    await notifier().notify({ ...second, owner: null }, signal())
    expect(api.deals.map((deal) => 'hubspot_owner_id' in deal.properties)).toEqual([false, false])
  })

  it('makes a deal alone for a lead without an email, which HubSpot keys contacts by', async () => {
    await notifier().notify(sampleStoredDemoRequest, signal())
    expect(api.contacts).toEqual([])
    expect(api.dealOf(lead.id)).toBeDefined()
    expect(api.associations.size).toBe(0)
  })

  it('completes a delivery that failed half way on the next attempt, with nothing twice', async () => {
    // The contact and the deal are written; the association's request fails.
    api.failNext(null, null, 'error')
    await expect(notifier().notify(lead, signal())).rejects.toThrow('HubSpot answered 500')
    await notifier().notify(lead, signal())
    expect([api.contacts.length, api.deals.length]).toEqual([1, 1])
    expect(associated(api.deals[0]?.id)).toHaveLength(1)
  })

  it('sends many leads in three calls, a person in two of them once, each lead its outcome', async () => {
    const hubspot = notifier()
    const invalid = { ...lead, id: '5d0c9a1e-7f3b-4e2a-9c8d-1b2a3c4d5e6f', email: 'ada@nowhere' }
    const outcomes = await hubspot.batch?.notify([lead, second, invalid], signal())
    expect(outcomes?.map((outcome) => outcome === undefined)).toEqual([true, true, false])
    expect(outcomes?.[2]).toMatchObject({ options: { permanent: true } })
    expect(api.contacts).toHaveLength(1)
    expect(api.deals.map((deal) => deal.properties.demo_request_id)).toEqual([lead.id, second.id])
    for (const deal of api.deals)
      expect(associated(deal.id).map(([id]) => id)).toEqual([api.contacts[0]?.id])
    // The contacts' batch, refused for the invalid email, went again one contact a call.
    expect(api.requests.map((request) => request.path)).toEqual([
      '/crm/v3/objects/contacts/batch/upsert',
      '/crm/v3/objects/contacts/batch/upsert',
      '/crm/v3/objects/contacts/batch/upsert',
      '/crm/v3/objects/deals/batch/upsert',
      '/crm/v4/associations/deals/contacts/batch/create',
    ])
  })

  it("refuses a whole batch on HubSpot's limit, for every lead in it", async () => {
    api.failNext('TEN_SECONDLY_ROLLING')
    const refused = notifier().batch?.notify([lead, second], signal())
    await expect(refused).rejects.toMatchObject({ options: { retryAfterSeconds: 10 } })
    expect(api.deals).toEqual([])
  })

  it('writes a booking, a cancellation and a request for a new time on the deal', async () => {
    const hubspot = notifier({ timeZone: 'America/Chicago' })
    await hubspot.notify(lead, signal())
    const booking: BookingNotice = {
      notice: 'booked',
      provider: 'cal',
      bookingId: 'cal-uid-1',
      startTime: new Date('2026-12-01T15:00:00Z'),
      inviteeTimeZone: 'Europe/London',
      recordedAt: new Date('2026-11-20T10:00:00Z'),
      lead: { ...lead, owner: null },
    }
    await hubspot.notifyBooking(booking, signal())
    expect(api.dealOf(lead.id)?.properties.hs_next_step).toBe(
      'Demo booked for Tue 1 Dec, 09:00 (America/Chicago) through Cal.com',
    )
    await hubspot.notifyBooking({ ...booking, notice: 'cancelled' }, signal())
    expect(api.dealOf(lead.id)?.properties.hs_next_step).toBe(
      'Demo of Tue 1 Dec, 09:00 (America/Chicago) cancelled through Cal.com',
    )
    // The stage sales moved the deal to stays theirs.
    expect(api.dealOf(lead.id)?.properties.dealstage).toBe('appointmentscheduled')
    expect(api.deals).toHaveLength(1)
  })

  it('makes no deal of a booking that arrives before the lead, and says to try again', async () => {
    const booking = {
      notice: 'booked',
      provider: 'calendly',
      bookingId: 'https://api.calendly.com/scheduled_events/E1',
      startTime: new Date('2026-12-01T15:00:00Z'),
      inviteeTimeZone: '',
      recordedAt: new Date('2026-11-20T10:00:00Z'),
      lead,
    } as const
    const attempt = notifier().notifyBooking(booking, signal())
    await expect(attempt).rejects.toThrow('Could not get some DEAL objects')
    await expect(attempt).rejects.not.toBeInstanceOf(DeliveryRefused)
    expect(api.deals).toEqual([])
  })

  it('resolves a digest of held leads without writing anything', async () => {
    await notifier().notifyDigest({ heldUntil: new Date(), count: 1, leads: [lead] }, signal())
    expect(api.requests).toEqual([])
  })
})

describe("HubSpot's refusals", () => {
  const attempt = (options?: Parameters<typeof notifier>[0]) =>
    notifier(options).notify(lead, signal())

  it('waits ten seconds after the rolling limit, or as long as Retry-After says', async () => {
    api.failNext('TEN_SECONDLY_ROLLING')
    await expect(attempt()).rejects.toMatchObject({
      name: 'DeliveryRefused',
      options: { retryAfterSeconds: 10 },
    })
    api.retryAfter = '7'
    api.failNext('TEN_SECONDLY_ROLLING')
    await expect(attempt()).rejects.toMatchObject({ options: { retryAfterSeconds: 7 } })
  })

  it("waits for midnight in the firm's time zone after the daily limit", async () => {
    api.failNext('DAILY')
    // 17:00 in Chicago (UTC-5 in April): seven hours to midnight.
    const now = () => new Date('2026-04-05T22:00:00Z')
    const refused = attempt({ now, timeZone: 'America/Chicago' })
    await expect(refused).rejects.toBeInstanceOf(DeliveryRefused)
    await expect(refused).rejects.toMatchObject({ options: { retryAfterSeconds: 7 * 3600 } })
  })

  it('names the token setting on a 401, and tries again later', async () => {
    const refused = attempt({ token: 'pat-na1-revoked' })
    await expect(refused).rejects.toThrow(/HUBSPOT_ACCESS_TOKEN/)
    await expect(refused).rejects.not.toBeInstanceOf(DeliveryRefused)
    api.failNext('revoked')
    await expect(attempt()).rejects.toThrow(/\(401\)/)
  })

  it('stops trying a lead HubSpot refuses as invalid (400)', async () => {
    const refused = hubSpotNotifierOn(api, { HUBSPOT_DEAL_STAGE: 'no-such-stage' }).notify(
      lead,
      signal(),
    )
    await expect(refused).rejects.toMatchObject({ options: { permanent: true } })
    await expect(refused).rejects.toThrow(/no-such-stage/)
  })

  it('tries again later after a 500 or a connection closed unanswered', async () => {
    api.failNext('error')
    await expect(attempt()).rejects.toThrow('HubSpot answered 500')
    api.failNext('down')
    const dropped = attempt()
    await expect(dropped).rejects.toThrow()
    await expect(dropped).rejects.not.toBeInstanceOf(DeliveryRefused)
    await attempt()
    expect(api.deals).toHaveLength(1)
  })
})
