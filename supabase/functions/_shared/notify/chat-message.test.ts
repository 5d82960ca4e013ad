import { describe, expect, it } from 'vitest'
import { sampleContact, sampleStoredDemoRequest } from '../../../../tests/support/sample-lead.ts'
import type { Route } from '../booking/routes.ts'
import {
  bookingChatMessage,
  type ChatContext,
  digestChatMessage,
  leadChatMessage,
  noBookingChatMessage,
} from './chat-message.ts'
import type { LeadNotice } from './notifier.ts'

const lead: LeadNotice = { ...sampleStoredDemoRequest, ...sampleContact }
const context: ChatContext = {
  consoleUrl: 'https://firm.example/console',
  timeZone: 'America/Chicago',
  routes: [
    { rule: 1, when: {}, kind: 'book', book: 'https://cal.com/firm/demo', provider: 'cal' },
    { rule: 2, when: {}, kind: 'message', message: { en: 'We will write.' } },
    { rule: 3, when: {}, kind: 'book', book: 'https://book.example/demo', provider: 'link' },
  ] satisfies Route[],
}
const fact = (message: { facts: readonly { label: string; value: string }[] }, label: string) =>
  message.facts.find((each) => each.label === label)?.value

describe('the chat messages', () => {
  it('tell a new lead by its firm, with the facts sales act on and a link to the lead', () => {
    const message = leadChatMessage(
      { ...lead, routeRule: 1, owner: { name: 'Grace Hopper', email: 'grace@firm.example' } },
      context,
    )
    expect(message).toEqual({
      title: 'New demo request from Lovelace & Babbage LLP',
      note: null,
      facts: [
        { label: 'Company size', value: '6-50 employees' },
        { label: 'Source', value: 'widget' },
        { label: 'Campaign', value: 'injury-defense-2026' },
        { label: 'Route', value: 'rule 1: shown the Cal.com booking page' },
        { label: 'Owner', value: 'Grace Hopper (grace@firm.example)' },
        { label: 'Sent', value: 'Sun 5 Apr, 01:07 (America/Chicago)' },
      ],
      link: {
        label: 'Open the lead in the console',
        url: `https://firm.example/console?view=leads&lead=${lead.id}`,
      },
      reference: `Request ${lead.id}`,
    })
  })

  it("never carries the person's name, email, phone or message", () => {
    const sent = JSON.stringify([
      leadChatMessage(lead, context),
      noBookingChatMessage(lead, context),
      bookingChatMessage(
        {
          notice: 'booked',
          provider: 'cal',
          bookingId: 'bk-1',
          startTime: new Date('2026-12-01T15:00:00Z'),
          inviteeTimeZone: 'Europe/London',
          recordedAt: new Date('2026-11-26T10:00:00Z'),
          lead,
        },
        context,
      ),
    ])
    for (const personal of ['Ada', ...Object.values(sampleContact)]) {
      expect(sent).not.toContain(personal)
    }
  })

  it('says what each kind of rule did, that none matched, or nothing when it is not known', () => {
    const route = (routeRule: number | null | undefined, routes = context.routes) =>
      fact(leadChatMessage({ ...lead, routeRule }, { ...context, routes }), 'Route')
    expect(route(2)).toBe('rule 2: shown a message')
    expect(route(3)).toBe('rule 3: sent to a booking page')
    // A rule removed from the setting since the lead matched it.
    expect(route(9)).toBe('rule 9')
    expect(route(null)).toBe('no rule matched')
    expect(route(undefined)).toBeUndefined()
    expect(route(1, [])).toBeUndefined()
  })

  it('names the owner by email when they have no name, and says when nobody owns it', () => {
    const owner = (value: LeadNotice['owner']) =>
      fact(leadChatMessage({ ...lead, owner: value }, context), 'Owner')
    expect(owner({ name: null, email: 'grace@firm.example' })).toBe('grace@firm.example')
    expect(owner(null)).toBe('nobody yet')
    expect(owner(undefined)).toBe('nobody yet')
  })

  it('links nowhere without CONSOLE_URL, and keeps a query the address already has', () => {
    expect(leadChatMessage(lead, { ...context, consoleUrl: null }).link).toBeNull()
    const link = leadChatMessage(lead, { ...context, consoleUrl: 'https://firm.example/c?x=1' })
    expect(link.link?.url).toBe(`https://firm.example/c?x=1&view=leads&lead=${lead.id}`)
  })

  it('tells each booking change in sales time, a reschedule request never as cancelled', () => {
    const booking = (notice: 'booked' | 'cancelled' | 'reschedule_requested') =>
      bookingChatMessage(
        {
          notice,
          provider: 'calendly',
          bookingId: 'bk-1',
          startTime: new Date('2026-12-01T15:00:00Z'),
          inviteeTimeZone: '',
          recordedAt: new Date('2026-11-26T10:00:00Z'),
          lead,
        },
        context,
      )
    expect(booking('booked').title).toBe(
      'Lovelace & Babbage LLP booked a demo for Tue 1 Dec, 09:00 (America/Chicago)',
    )
    expect(booking('cancelled').title).toMatch(/^Lovelace & Babbage LLP cancelled the demo for/)
    expect(booking('reschedule_requested').title).not.toMatch(/cancel/i)
    expect(booking('booked').facts).toEqual([
      { label: 'Booked through', value: 'Calendly' },
      { label: 'Owner', value: 'nobody yet' },
    ])
  })

  it('nudges about a lead that has not booked', () => {
    const message = noBookingChatMessage({ ...lead, routeRule: 1 }, context)
    expect(message.title).toBe('Lovelace & Babbage LLP sent the form but has not booked')
    expect(fact(message, 'Route')).toBe('rule 1: shown the Cal.com booking page')
    expect(message.link?.url).toContain(`lead=${lead.id}`)
  })

  it('counts held leads without naming any, and links to the list', () => {
    const message = digestChatMessage(
      { heldUntil: new Date('2026-04-05T06:10:00Z'), count: 12, leads: [lead] },
      context,
    )
    expect(message.title).toBe(
      'Demo requests: 12 demo requests held back in a rush that ended Sun 5 Apr, 01:10 (America/Chicago)',
    )
    expect(message.note).toBe('All of them are in the leads list, marked held.')
    expect(message.facts).toEqual([])
    expect(JSON.stringify(message)).not.toContain('Lovelace')
    expect(message.link?.url).toBe('https://firm.example/console?view=leads')
  })
})
