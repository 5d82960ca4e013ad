import { describe, expect, it } from 'vitest'
import {
  bookingReadyTimeoutMs,
  calReadyReply,
  frameUrl,
  readFrameMessage,
} from './booking-frame.ts'

const params = (url: string) => Object.fromEntries(new URL(url).searchParams)
const cal = (type: string, data: unknown = {}, namespace = '') => ({
  originator: 'CAL',
  type,
  namespace,
  fullType: `CAL:${namespace}:${type}`,
  data,
})

describe('frameUrl', () => {
  it('frames Cal.com as its embed does: app.cal.com, /embed, the namespace and embedType', () => {
    const url = 'https://cal.com/acme/demo?name=Ada&metadata%5BdemoRequestId%5D=req-1'
    const framed = new URL(frameUrl('cal', url, 'partner.example'))
    expect(framed.origin + framed.pathname).toBe('https://app.cal.com/acme/demo/embed')
    expect(params(framed.href)).toEqual({
      name: 'Ada',
      'metadata[demoRequestId]': 'req-1',
      embed: '',
      embedType: 'inline',
    })
  })

  it('keeps a self-hosted Cal.com on its own host, and an /embed path as it is', () => {
    expect(frameUrl('cal', 'https://book.acme.example/demo/embed', 'x')).toBe(
      'https://book.acme.example/demo/embed?embed=&embedType=inline',
    )
  })

  it('frames Calendly inline, naming the page only where the function did not', () => {
    expect(
      params(
        frameUrl('calendly', 'https://calendly.com/acme/demo?utm_content=r', 'partner.example'),
      ),
    ).toEqual({
      utm_content: 'r',
      embed_domain: 'partner.example',
      embed_type: 'Inline',
    })
    expect(
      params(frameUrl('calendly', 'https://calendly.com/a?embed_domain=site.example', 'x')),
    ).toMatchObject({
      embed_domain: 'site.example',
    })
  })
})

describe('readFrameMessage', () => {
  it('reads Cal.com messages by their fullType, as its parent does', () => {
    expect(readFrameMessage('cal', cal('__iframeReady', { isPrerendering: false }))).toEqual({
      kind: 'ready',
    })
    expect(
      readFrameMessage('cal', cal('__dimensionChanged', { iframeHeight: 612.4, iframeWidth: 400 })),
    ).toEqual({
      kind: 'height',
      px: 613,
    })
    expect(readFrameMessage('cal', cal('bookingSuccessfulV2', { uid: 'x' }))).toEqual({
      kind: 'booked',
    })
    expect(readFrameMessage('cal', cal('linkFailed', { code: '404' }))).toEqual({ kind: 'failed' })
  })

  it('ignores other Cal.com events, other namespaces, and messages not from Cal.com', () => {
    expect(readFrameMessage('cal', cal('linkReady'))).toBeUndefined()
    expect(readFrameMessage('cal', cal('bookingSuccessfulV2', {}, 'other'))).toBeUndefined()
    expect(
      readFrameMessage('cal', { ...cal('bookingSuccessfulV2'), originator: 'X' }),
    ).toBeUndefined()
    expect(
      readFrameMessage('cal', { originator: 'CAL', type: 'bookingSuccessfulV2' }),
    ).toBeUndefined()
    expect(
      readFrameMessage('cal', cal('__dimensionChanged', { iframeHeight: 'tall' })),
    ).toBeUndefined()
    expect(readFrameMessage('cal', { event: 'calendly.event_scheduled' })).toBeUndefined()
    expect(readFrameMessage('cal', 'bookingSuccessfulV2')).toBeUndefined()
  })

  it('reads Calendly events, its views and first height counting as ready', () => {
    expect(
      readFrameMessage('calendly', { event: 'calendly.profile_page_viewed', payload: {} }),
    ).toEqual({ kind: 'ready' })
    expect(
      readFrameMessage('calendly', { event: 'calendly.event_type_viewed', payload: {} }),
    ).toEqual({ kind: 'ready' })
    expect(
      readFrameMessage('calendly', {
        event: 'calendly.page_height',
        payload: { height: '1123px' },
      }),
    ).toEqual({
      kind: 'height',
      px: 1123,
    })
    expect(
      readFrameMessage('calendly', { event: 'calendly.event_scheduled', payload: {} }),
    ).toEqual({ kind: 'booked' })
    expect(readFrameMessage('calendly', cal('bookingSuccessfulV2'))).toBeUndefined()
  })

  it('keeps a reported height within what a page can show', () => {
    expect(
      readFrameMessage('calendly', { event: 'calendly.page_height', payload: { height: '1e9px' } }),
    ).toEqual({
      kind: 'height',
      px: 10_000,
    })
  })
})

describe('the protocol constants', () => {
  it("answers Cal.com's ready as its embed's doInIframe does", () => {
    expect(calReadyReply).toEqual({
      originator: 'CAL',
      method: 'parentKnowsIframeReady',
      arg: undefined,
    })
  })

  it('waits 10 s for a page to speak', () => {
    expect(bookingReadyTimeoutMs).toBe(10_000)
  })
})
