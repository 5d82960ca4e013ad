import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { checkFunnelBatch } from '#core/funnel-events.ts'
import { pageEvents, sendBatch } from './page-events.ts'

describe('pageEvents', () => {
  // The page the recorder reads at each event, moved as a single-page app moves it.
  const here = new URL('https://acme.example/contact')
  const before = { referrer: '' }
  beforeEach(() => {
    here.pathname = '/contact'
    here.search = ''
    before.referrer = ''
    vi.stubGlobal('location', here)
    vi.stubGlobal('document', before)
  })
  afterEach(() => vi.unstubAllGlobals())
  const on = () => true

  it('records shown and started once a page view, sends what it holds once, and forgets it', () => {
    const sent: unknown[] = []
    const events = pageEvents((batch) => sent.push(batch), on)
    events.record({ event: 'shown' })
    events.record({ event: 'started' })
    events.record({ event: 'field-empty', field: 'firstName' })
    events.record({ event: 'started' })
    events.flush()
    events.flush()
    events.record({ event: 'shown' })
    events.record({ event: 'field-empty', field: 'firstName' })
    events.flush()
    expect(sent).toEqual([
      [{ event: 'shown' }, { event: 'started' }, { event: 'field-empty', field: 'firstName' }],
      [{ event: 'field-empty', field: 'firstName' }],
    ])
  })

  it('records the view before a start the observer has not yet reported, and not again', () => {
    const sent: unknown[] = []
    const events = pageEvents((batch) => sent.push(batch), on)
    events.record({ event: 'started' })
    events.record({ event: 'shown' })
    events.flush()
    expect(sent).toEqual([[{ event: 'shown' }, { event: 'started' }]])
  })

  it('records the start before a send whose typing came before the page listened, and not again', () => {
    const sent: unknown[] = []
    const events = pageEvents((batch) => sent.push(batch), on)
    events.record({ event: 'send-tried' })
    events.record({ event: 'send-tried' })
    events.flush()
    expect(sent).toEqual([
      [{ event: 'shown' }, { event: 'started' }, { event: 'send-tried' }, { event: 'send-tried' }],
    ])
  })

  it('keeps each event with the page it happened on: a new page is a new page view', () => {
    const sent: [unknown, string][] = []
    here.pathname = '/request-demo'
    const events = pageEvents((batch, page) => sent.push([batch, page]), on)
    events.record({ event: 'shown' })
    events.record({ event: 'started' })
    // A single-page app's navigation: nothing flushed yet.
    here.pathname = '/pricing'
    events.record({ event: 'shown' })
    events.record({ event: 'shown' })
    events.flush()
    expect(sent).toEqual([
      [[{ event: 'shown' }, { event: 'started' }], 'https://acme.example/request-demo'],
      [[{ event: 'shown' }], 'https://acme.example/pricing'],
    ])
  })

  it("sends the page view's campaign with its origin and path, read when the page is recorded", () => {
    const sent: [string, unknown][] = []
    const events = pageEvents((_, page, campaign) => sent.push([page, campaign]), on)
    here.search = '?utm_campaign=spring&utm_source=news&utm_medium=email&gclid=x'
    here.hash = '#form'
    events.record({ event: 'shown' })
    // The address changes within the page view (a script tidies its query): the view keeps its own.
    here.search = ''
    events.record({ event: 'started' })
    events.flush()
    // A page reached in the app from the campaign's page: the page before it on the same origin
    // is read, as for a lead; the referrer, not the first address, since nothing was kept.
    here.pathname = '/pricing'
    before.referrer = 'https://acme.example/?utm_campaign=autumn'
    events.record({ event: 'shown' })
    events.flush()
    // Another origin's campaign is that site's, not this visit's.
    here.pathname = '/about'
    before.referrer = 'https://elsewhere.example/?utm_campaign=theirs'
    events.record({ event: 'shown' })
    events.flush()
    expect(sent).toEqual([
      [
        'https://acme.example/contact',
        { utmCampaign: 'spring', utmSource: 'news', utmMedium: 'email' },
      ],
      ['https://acme.example/pricing', { utmCampaign: 'autumn' }],
      ['https://acme.example/about', {}],
    ])
  })

  it('records and sends nothing while counting is off, and what it held goes nowhere', () => {
    const sent: unknown[] = []
    let counting = true
    const events = pageEvents(
      (batch) => sent.push(batch),
      () => counting,
    )
    events.record({ event: 'shown' })
    counting = false
    events.record({ event: 'started' })
    events.flush()
    counting = true
    events.flush()
    expect(sent).toEqual([])
  })

  it('sends a batch as soon as it holds 50 events, the most one may hold', () => {
    const sent: unknown[][] = []
    const events = pageEvents((batch) => sent.push(batch), on)
    for (let i = 0; i < 51; i++) events.record({ event: 'field-empty', field: 'firstName' })
    expect(sent.map((batch) => batch.length)).toEqual([50])
    events.flush()
    expect(sent.map((batch) => batch.length)).toEqual([50, 1])
  })
})

describe('sendBatch', () => {
  afterEach(() => vi.unstubAllGlobals())

  const page = { origin: 'https://acme.example', pathname: '/injury-defense' }

  it('beacons source, the page it is given, and events to the events endpoint', () => {
    const sendBeacon = vi.fn(() => true)
    vi.stubGlobal('navigator', { sendBeacon })
    vi.stubGlobal('location', { ...page, href: `${page.origin}${page.pathname}?utm_source=x#form` })
    sendBatch(
      'https://p.supabase.co/',
      'partner-acme',
      [{ event: 'shown' }],
      'https://acme.example/injury-defense',
      {},
    )
    expect(sendBeacon).toHaveBeenCalledWith(
      'https://p.supabase.co/functions/v1/send-demo-request/events',
      '{"source":"partner-acme","page":"https://acme.example/injury-defense","events":[{"event":"shown"}]}',
    )
  })

  it("carries the campaign's source and name, and no other of its parameters", () => {
    const sendBeacon = vi.fn((_url: string, _body: string) => true)
    vi.stubGlobal('navigator', { sendBeacon })
    sendBatch('https://p.supabase.co', 'partner-acme', [{ event: 'shown' }], `${page.origin}/`, {
      utmSource: 'news',
      utmCampaign: 'spring',
      utmMedium: 'email',
    })
    const body = JSON.parse(sendBeacon.mock.calls[0]?.[1] ?? '')
    expect(body).toEqual({
      source: 'partner-acme',
      page: 'https://acme.example/',
      utmSource: 'news',
      utmCampaign: 'spring',
      events: [{ event: 'shown' }],
    })
    // What it sends is a batch the function takes as it is.
    expect(checkFunnelBatch(body)).toEqual({ success: true, output: body })
  })

  it('posts with keepalive where the browser refuses the beacon', () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })))
    vi.stubGlobal('navigator', { sendBeacon: () => false })
    vi.stubGlobal('location', page)
    vi.stubGlobal('fetch', fetch)
    sendBatch(
      'https://p.supabase.co',
      undefined,
      [{ event: 'started' }],
      'https://acme.example/injury-defense',
      {},
    )
    expect(fetch).toHaveBeenCalledWith(
      'https://p.supabase.co/functions/v1/send-demo-request/events',
      {
        method: 'POST',
        body: '{"page":"https://acme.example/injury-defense","events":[{"event":"started"}]}',
        keepalive: true,
      },
    )
  })
})
