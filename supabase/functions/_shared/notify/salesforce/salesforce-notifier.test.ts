import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { salesforceNotifierOn } from '../../../../../tests/support/crm-notifiers.ts'
import {
  type SalesforceStandIn,
  startSalesforceStandIn,
} from '../../../../../tests/support/salesforce-stand-in.ts'
import { sampleContact, sampleStoredDemoRequest } from '../../../../../tests/support/sample-lead.ts'
import { DeliveryRefused } from '../delivery-refused.ts'
import type { BookingNotice, LeadNotice } from '../notifier.ts'

const lead: LeadNotice = { ...sampleStoredDemoRequest, ...sampleContact }
const second: LeadNotice = { ...lead, id: '9c4d1f0e-2b3a-4c5d-8e6f-708192a3b4c5' }
const seller = { Id: '005000000000001AAA', Email: "sam.o'brien@firm.example", IsActive: true }
const signal = () => new AbortController().signal

let org: SalesforceStandIn
beforeEach(async () => {
  org = await startSalesforceStandIn()
})
afterEach(() => org.close())

const notifier = (options: { clientSecret?: string; timeZone?: string } = {}) =>
  salesforceNotifierOn(org, {}, options)
const calls = (path: string) => org.requests.filter((request) => request.path.includes(path))

describe('createSalesforceNotifier', () => {
  it('upserts the request as a Lead by its external id, left to the assignment rules', async () => {
    await notifier().notify(lead, signal())
    expect([...org.leads.keys()]).toEqual([lead.id])
    expect(org.leads.get(lead.id)).toEqual({
      Id: expect.stringMatching(/^00Q/),
      fields: {
        FirstName: 'Ada',
        LastName: 'Lovelace',
        Company: 'Lovelace & Babbage LLP',
        Email: 'ada@lovelace.example',
        Phone: '+44 20 7946 0000',
        Title: 'Managing Partner',
        LeadSource: 'widget',
        Description: [
          'Company size: 6-50 employees',
          'Message: Two offices, Austin and London.\nAsk for Charles.',
          'Campaign: injury-defense-2026',
          'UTM source: newsletter',
          'UTM medium: email',
          'Page: https://partner.example/contact',
          'Language: en',
        ].join('\n'),
        Demo_Request_Id__c: lead.id,
        OwnerId: org.assignmentOwner,
      },
      autoAssign: ['TRUE'],
      receivedAt: expect.any(Number),
    })
    const [token] = org.requests
    expect(new URLSearchParams(token?.body)).toEqual(
      new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: org.clientId,
        client_secret: org.clientSecret,
      }),
    )
  })

  it('keeps one Lead and one token for a lead sent twice', async () => {
    const salesforce = notifier()
    await salesforce.notify(lead, signal())
    await salesforce.notify({ ...lead }, signal())
    await salesforce.notify(second, signal())
    expect(org.leads.size).toBe(2)
    expect(org.issued).toHaveLength(1)
  })

  it("gives the Lead to its owner's active user without the rules, asking once per owner", async () => {
    org.users.push(seller)
    const salesforce = notifier()
    const owner = { email: "Sam.O'Brien@firm.example", name: 'Sam' }
    await salesforce.notify({ ...lead, owner }, signal())
    await salesforce.notify({ ...second, owner }, signal())
    expect([...org.leads.values()].map((l) => [l.fields.OwnerId, l.autoAssign])).toEqual([
      [seller.Id, ['FALSE']],
      [seller.Id, ['FALSE']],
    ])
    expect(calls('/query')).toHaveLength(1)
    expect(calls('/query')[0]?.query.get('q')).toBe(
      "SELECT Id FROM User WHERE Email = 'sam.o\\'brien@firm.example' AND IsActive = true LIMIT 1",
    )
  })

  it('leaves a Lead whose owner is not an active user to the rules', async () => {
    org.users.push({ ...seller, IsActive: false })
    await notifier().notify({ ...lead, owner: { email: seller.Email, name: null } }, signal())
    expect(org.leads.get(lead.id)?.fields.OwnerId).toBe(org.assignmentOwner)
    expect(org.leads.get(lead.id)?.autoAssign).toEqual(['TRUE'])
  })

  it('cuts names to the Lead fields and keeps an email too long for Email in the description', async () => {
    const long = `${'a'.repeat(70)}@${'b'.repeat(20)}.example`
    await notifier().notify({ ...lead, firstName: 'F'.repeat(60), email: long }, signal())
    const fields: Record<string, string> = org.leads.get(lead.id)?.fields ?? {}
    expect(fields.FirstName).toBe('F'.repeat(40))
    expect(fields.Email).toBeUndefined()
    expect(fields.Description).toContain(`Work email: ${long}`)
  })

  it('asks for a fresh token after a 401 and makes the call once more', async () => {
    const salesforce = notifier()
    await salesforce.notify(lead, signal())
    org.failNext('revoked')
    await salesforce.notify(second, signal())
    expect(org.leads.size).toBe(2)
    expect(org.issued).toHaveLength(2)
    expect(org.requests.map((request) => request.method)).toEqual([
      'POST',
      'PATCH',
      'PATCH',
      'POST',
      'PATCH',
    ])
  })

  it('asks for one token for calls made at once, and one fresh token when all see a 401', async () => {
    org.users.push(seller)
    const salesforce = notifier()
    const owner = { email: seller.Email, name: null }
    const leads = ['1', '2', '3'].map((n) => ({
      ...lead,
      id: `${lead.id.slice(0, -1)}${n}`,
      owner,
    }))
    await Promise.all(leads.map((each) => salesforce.notify(each, signal())))
    expect(org.issued).toHaveLength(1)
    expect(calls('/query')).toHaveLength(1)
    org.failNext('revoked')
    await Promise.all(leads.map((each) => salesforce.notify({ ...each }, signal())))
    expect(org.issued).toHaveLength(2)
    expect(org.leads.size).toBe(3)
  })

  it('writes a booking into the Lead without running the rules again', async () => {
    const salesforce = notifier({ timeZone: 'America/Chicago' })
    await salesforce.notify(lead, signal())
    const booking: BookingNotice = {
      notice: 'booked',
      provider: 'calendly',
      bookingId: 'https://api.calendly.com/scheduled_events/E1',
      startTime: new Date('2026-12-01T15:00:00Z'),
      inviteeTimeZone: '',
      recordedAt: new Date('2026-11-20T10:00:00Z'),
      lead,
    }
    await salesforce.notifyBooking(booking, signal())
    const stored = org.leads.get(lead.id)
    expect(stored?.fields.Description).toMatch(
      /^Demo booked for Tue 1 Dec, 09:00 \(America\/Chicago\) through Calendly\n\nCompany size: /,
    )
    expect(stored?.autoAssign).toEqual(['TRUE', 'FALSE'])
    expect(stored?.fields.OwnerId).toBe(org.assignmentOwner)
  })

  it('makes no Lead of a booking that arrives before the lead, and says to try again', async () => {
    const booking = {
      notice: 'cancelled',
      provider: 'cal',
      bookingId: 'cal-uid-1',
      startTime: new Date('2026-12-01T15:00:00Z'),
      inviteeTimeZone: '',
      recordedAt: new Date('2026-11-20T10:00:00Z'),
      lead,
    } as const
    const attempt = notifier().notifyBooking(booking, signal())
    await expect(attempt).rejects.toThrow('Salesforce answered 404')
    await expect(attempt).rejects.not.toBeInstanceOf(DeliveryRefused)
    expect(org.leads.size).toBe(0)
  })

  it('resolves a digest of held leads without a call', async () => {
    await notifier().notifyDigest({ heldUntil: new Date(), count: 1, leads: [lead] }, signal())
    expect(org.requests).toEqual([])
  })
})

describe('createSalesforceNotifier, many Leads at once', () => {
  it('upserts them by sObject Collections, one call for each way of assigning', async () => {
    org.users.push(seller)
    const third: LeadNotice = { ...lead, id: '5d0c9a1e-7f3b-4e2a-9c8d-1b2a3c4d5e6f' }
    org.refusedByRule.add(third.id)
    const owned = { ...second, owner: { email: seller.Email, name: 'Sam' } }
    const outcomes = await notifier().batch?.notify([lead, owned, third], signal())
    expect(outcomes?.map((outcome) => outcome === undefined)).toEqual([true, true, false])
    expect(outcomes?.[2]).toMatchObject({ options: { permanent: true } })
    expect(outcomes?.[2]?.message).toMatch(/FIELD_CUSTOM_VALIDATION_EXCEPTION on Phone/)
    expect(org.leads.get(lead.id)?.autoAssign).toEqual(['TRUE'])
    expect(org.leads.get(second.id)?.fields.OwnerId).toBe(seller.Id)
    expect(org.leads.get(second.id)?.autoAssign).toEqual(['FALSE'])
    const collections = calls('/composite/sobjects/Lead/Demo_Request_Id__c')
    expect(collections.map((call) => JSON.parse(call.body).records.length).sort()).toEqual([1, 2])
    expect(JSON.parse(collections[0]?.body ?? '{}')).toMatchObject({ allOrNone: false })
  })

  it('tries a Lead the org holds locked again later, and refuses the batch on the limit', async () => {
    org.locked.add(second.id)
    const [sent, locked] = (await notifier().batch?.notify([lead, second], signal())) ?? []
    expect(sent).toBeUndefined()
    expect(locked).toBeInstanceOf(Error)
    expect(locked).not.toBeInstanceOf(DeliveryRefused)
    org.failNext('limit')
    await expect(notifier().batch?.notify([lead, second], signal())).rejects.toMatchObject({
      options: { retryAfterSeconds: 3600 },
    })
  })
})

describe("Salesforce's refusals", () => {
  const attempt = (options?: Parameters<typeof notifier>[0]) =>
    notifier(options).notify(lead, signal())

  it('waits an hour after the org reached its API limit (403 REQUEST_LIMIT_EXCEEDED)', async () => {
    org.failNext('limit')
    const refused = attempt()
    await expect(refused).rejects.toBeInstanceOf(DeliveryRefused)
    await expect(refused).rejects.toMatchObject({ options: { retryAfterSeconds: 3600 } })
  })

  it('stops trying a Lead the org refuses (400)', async () => {
    org.failNext('validation-rule')
    const refused = attempt()
    await expect(refused).rejects.toMatchObject({ options: { permanent: true } })
    await expect(refused).rejects.toThrow(/FIELD_CUSTOM_VALIDATION_EXCEPTION on Phone/)
  })

  it('names the settings when the credentials are refused, and tries again later', async () => {
    const refused = attempt({ clientSecret: 'wrong' })
    await expect(refused).rejects.toThrow(/SALESFORCE_CLIENT_ID and SALESFORCE_CLIENT_SECRET/)
    await expect(refused).rejects.not.toBeInstanceOf(DeliveryRefused)
  })

  it('gives up on a 401 that a fresh token does not end', async () => {
    org.failNext('revoked', 'revoked')
    await expect(attempt()).rejects.toThrow(/fresh token .*\(401 INVALID_SESSION_ID/)
    expect(org.issued).toHaveLength(2)
  })

  it('tries again later after a 503, a 500 or a connection closed unanswered', async () => {
    const salesforce = notifier()
    org.failNext('unavailable', 'error', 'down')
    await expect(salesforce.notify(lead, signal())).rejects.toThrow(
      /503 to the Lead \(SERVER_UNAVAILABLE/,
    )
    await expect(salesforce.notify(lead, signal())).rejects.toThrow(/500/)
    const dropped = salesforce.notify(lead, signal())
    await expect(dropped).rejects.toThrow()
    await expect(dropped).rejects.not.toBeInstanceOf(DeliveryRefused)
    await salesforce.notify(lead, signal())
    expect(org.leads.size).toBe(1)
  })
})
