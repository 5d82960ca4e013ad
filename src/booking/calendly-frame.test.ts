import { describe, expect, it } from 'vitest'
import { calendlyFrame } from './calendly-frame.ts'

const params = (url: string) => Object.fromEntries(new URL(url).searchParams)

describe('calendlyFrame.frameUrl', () => {
  it('frames the page inline, naming this page only where the function did not', () => {
    expect(
      params(
        calendlyFrame.frameUrl('https://calendly.com/acme/demo?utm_content=r', 'partner.example'),
      ),
    ).toEqual({ utm_content: 'r', embed_domain: 'partner.example', embed_type: 'Inline' })
    expect(
      params(calendlyFrame.frameUrl('https://calendly.com/a?embed_domain=site.example', 'x')),
    ).toMatchObject({ embed_domain: 'site.example' })
  })
})

describe('calendlyFrame.linkUrl', () => {
  it('opens the page without what belongs only to a frame', () => {
    expect(
      calendlyFrame.linkUrl(
        'https://calendly.com/acme/demo?name=Ada&embed_domain=partner.example&utm_content=r',
      ),
    ).toBe('https://calendly.com/acme/demo?name=Ada&utm_content=r')
  })
})

describe('calendlyFrame.read', () => {
  it('reads its events, its views and first height counting as ready', () => {
    const read = (event: string, payload: unknown = {}) => calendlyFrame.read({ event, payload })
    expect(read('calendly.profile_page_viewed')).toEqual({ kind: 'ready' })
    expect(read('calendly.event_type_viewed')).toEqual({ kind: 'ready' })
    expect(read('calendly.date_and_time_selected')).toEqual({ kind: 'ready' })
    expect(read('calendly.page_height', { height: '1123px' })).toEqual({
      kind: 'height',
      px: 1123,
    })
    expect(read('calendly.page_height', { height: 'auto' })).toEqual({ kind: 'ready' })
    expect(read('calendly.event_scheduled')).toEqual({ kind: 'booking', outcome: 'booked' })
  })

  it('keeps a reported height within what a page can show', () => {
    expect(
      calendlyFrame.read({ event: 'calendly.page_height', payload: { height: '1e9px' } }),
    ).toEqual({ kind: 'height', px: 10_000 })
  })

  it("ignores anything that is not one of Calendly's events", () => {
    expect(calendlyFrame.read({ event: 'calendly.unknown', payload: {} })).toBeUndefined()
    expect(
      calendlyFrame.read({ originator: 'CAL', fullType: 'CAL::bookingSuccessfulV2' }),
    ).toBeUndefined()
    expect(calendlyFrame.read('calendly.event_scheduled')).toBeUndefined()
    expect(calendlyFrame.read(null)).toBeUndefined()
  })
})
