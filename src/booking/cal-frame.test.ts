import { describe, expect, it } from 'vitest'
import { calFrame } from './cal-frame.ts'

const params = (url: string) => Object.fromEntries(new URL(url).searchParams)
const cal = (type: string, data: unknown = {}, namespace = '') => ({
  originator: 'CAL',
  type,
  namespace,
  fullType: `CAL:${namespace}:${type}`,
  data,
})

// bookingSuccessfulV2's data as useBookings.ts fires it, for a booking of `status`.
const v2 = (status: string | undefined, paymentRequired = false) =>
  cal('bookingSuccessfulV2', {
    uid: 'booking-uid',
    title: 'Demo',
    startTime: '2026-12-01T15:00:00.000Z',
    endTime: '2026-12-01T15:30:00.000Z',
    eventTypeId: 7,
    status,
    paymentRequired,
    isRecurring: false,
  })

// The older bookingSuccessful's data: the whole booking, and `confirmed`.
const v1 = (confirmed: boolean, booking: Record<string, unknown> = { status: 'ACCEPTED' }) =>
  cal('bookingSuccessful', {
    booking: { uid: 'booking-uid', ...booking },
    eventType: { id: 7, requiresConfirmation: !confirmed },
    date: '2026-12-01T15:00:00.000Z',
    duration: 30,
    organizer: { name: 'Sales', email: 'sales@firm.example', timeZone: 'America/Chicago' },
    confirmed,
  })

describe('calFrame.frameUrl', () => {
  it('frames Cal.com as its embed does: app.cal.com, /embed, the namespace and embedType', () => {
    const url = 'https://cal.com/acme/demo?name=Ada&metadata%5BdemoRequestId%5D=req-1'
    const framed = new URL(calFrame.frameUrl(url, 'partner.example'))
    expect(framed.origin + framed.pathname).toBe('https://app.cal.com/acme/demo/embed')
    expect(params(framed.href)).toEqual({
      name: 'Ada',
      'metadata[demoRequestId]': 'req-1',
      embed: '',
      embedType: 'inline',
    })
  })

  it("frames cal.eu's pages from app.cal.eu", () => {
    const framed = new URL(calFrame.frameUrl('https://cal.eu/acme/demo', 'x'))
    expect(framed.origin + framed.pathname).toBe('https://app.cal.eu/acme/demo/embed')
  })

  it('keeps an organization, a self-hosted Cal.com and an /embed path on their own host', () => {
    expect(calFrame.frameUrl('https://acme.cal.com/demo', 'x')).toBe(
      'https://acme.cal.com/demo/embed?embed=&embedType=inline',
    )
    expect(calFrame.frameUrl('https://book.acme.example/demo/embed', 'x')).toBe(
      'https://book.acme.example/demo/embed?embed=&embedType=inline',
    )
  })
})

describe('calFrame.linkUrl', () => {
  it('opens the page as the function gave it', () => {
    const url = 'https://cal.com/acme/demo?name=Ada&metadata%5BdemoRequestId%5D=req-1'
    expect(calFrame.linkUrl(url)).toBe(url)
  })
})

describe('calFrame.read', () => {
  it('reads the handshake, the height and a failed page by fullType, as its parent does', () => {
    expect(calFrame.read(cal('__iframeReady', { isPrerendering: false }))).toEqual({
      kind: 'ready',
    })
    expect(
      calFrame.read(cal('__dimensionChanged', { iframeHeight: 612.4, iframeWidth: 400 })),
    ).toEqual({ kind: 'height', px: 613 })
    expect(calFrame.read(cal('linkFailed', { code: '404', msg: 'x', data: {} }))).toEqual({
      kind: 'failed',
    })
  })

  it('calls an ACCEPTED booking with nothing to pay booked, and only that', () => {
    expect(calFrame.read(v2('ACCEPTED'))).toEqual({ kind: 'booking', outcome: 'booked' })
    // cal.com issue 16665: a booking the host must confirm posts the same message.
    expect(calFrame.read(v2('PENDING'))).toEqual({ kind: 'booking', outcome: 'requested' })
    expect(calFrame.read(v2('AWAITING_HOST'))).toEqual({ kind: 'booking', outcome: 'requested' })
    expect(calFrame.read(v2(undefined))).toEqual({ kind: 'booking', outcome: 'requested' })
    expect(calFrame.read(v2('ACCEPTED', true))).toEqual({ kind: 'booking', outcome: 'payment' })
    expect(calFrame.read(v2('PENDING', true))).toEqual({ kind: 'booking', outcome: 'payment' })
  })

  it('reads the older bookingSuccessful by confirmed, and its payment', () => {
    expect(calFrame.read(v1(true))).toEqual({ kind: 'booking', outcome: 'booked' })
    expect(calFrame.read(v1(false, { status: 'PENDING' }))).toEqual({
      kind: 'booking',
      outcome: 'requested',
    })
    expect(calFrame.read(v1(true, { status: 'PENDING' }))).toEqual({
      kind: 'booking',
      outcome: 'requested',
    })
    expect(calFrame.read(cal('bookingSuccessful', {}))).toEqual({
      kind: 'booking',
      outcome: 'requested',
    })
    expect(calFrame.read(v1(true, { status: 'ACCEPTED', paymentRequired: true }))).toEqual({
      kind: 'booking',
      outcome: 'payment',
    })
    expect(calFrame.read(v1(true, { status: 'ACCEPTED', paymentUid: 'pay-1' }))).toEqual({
      kind: 'booking',
      outcome: 'payment',
    })
  })

  it('ignores other Cal.com events, other namespaces, and messages not from Cal.com', () => {
    expect(calFrame.read(cal('linkReady'))).toBeUndefined()
    expect(calFrame.read(cal('bookingSuccessfulV2', {}, 'other'))).toBeUndefined()
    expect(calFrame.read({ ...v2('ACCEPTED'), originator: 'X' })).toBeUndefined()
    expect(calFrame.read({ originator: 'CAL', type: 'bookingSuccessfulV2' })).toBeUndefined()
    expect(calFrame.read(cal('__dimensionChanged', { iframeHeight: 'tall' }))).toBeUndefined()
    expect(calFrame.read({ event: 'calendly.event_scheduled' })).toBeUndefined()
    expect(calFrame.read('bookingSuccessfulV2')).toBeUndefined()
    expect(calFrame.read([v2('ACCEPTED')])).toBeUndefined()
  })

  it("answers the page's ready as its embed's doInIframe does", () => {
    expect(calFrame.readyReply).toEqual({
      originator: 'CAL',
      method: 'parentKnowsIframeReady',
      arg: undefined,
    })
  })
})
