import { describe, expect, it } from 'vitest'
import { campaignFromUrl, visitCampaign, withCampaign } from './campaign.ts'

const ad =
  'https://partner.example/?utm_source=google&utm_medium=cpc&utm_campaign=injury-2026&utm_term=legal+ai&utm_content=banner-a'

describe('campaignFromUrl', () => {
  it('reads the five utm_* parameters and nothing else', () => {
    expect(campaignFromUrl(`${ad}&utm_id=7&gclid=x`)).toEqual({
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'injury-2026',
      utmTerm: 'legal ai',
      utmContent: 'banner-a',
    })
  })

  it('leaves out empty parameters, and reads nothing from an address it cannot parse', () => {
    expect(
      campaignFromUrl('https://partner.example/?utm_source=&utm_medium=%20&utm_campaign=x'),
    ).toEqual({ utmCampaign: 'x' })
    expect(campaignFromUrl('not a url')).toEqual({})
  })

  it('cuts a long value to its limit', () => {
    const campaign = campaignFromUrl(`https://partner.example/?utm_campaign=${'x'.repeat(5000)}`)
    expect(campaign.utmCampaign).toHaveLength(200)
  })
})

describe('visitCampaign', () => {
  it("is the address's campaign, whatever page came before", () => {
    const before = 'https://partner.example/?utm_source=newsletter&utm_campaign=december'
    expect(visitCampaign(ad, before)).toEqual(campaignFromUrl(ad))
  })

  it('is the campaign of the page before on the same origin, when the address has none', () => {
    expect(visitCampaign('https://partner.example/contact', ad)).toEqual(campaignFromUrl(ad))
    expect(visitCampaign('https://partner.example/contact?utm_source=', ad)).toEqual(
      campaignFromUrl(ad),
    )
  })

  it("never another origin's, nor one from a referrer it cannot read", () => {
    const elsewhere = 'https://news.example/story?utm_source=twitter&utm_campaign=launch'
    expect(visitCampaign('https://partner.example/contact', elsewhere)).toEqual({})
    // The same host on another scheme or port is another origin.
    expect(
      visitCampaign('https://partner.example/', 'http://partner.example/?utm_source=x'),
    ).toEqual({})
    expect(
      visitCampaign('https://partner.example/', 'https://partner.example:8443/?utm_source=x'),
    ).toEqual({})
    expect(visitCampaign('https://partner.example/', '')).toEqual({})
    expect(visitCampaign('not a url', ad)).toEqual({})
  })
})

describe('withCampaign', () => {
  it("adds the search's five utm_* parameters to the path, and nothing else", () => {
    const search = `${new URL(ad).search}&utm_id=7&gclid=x&page=2`
    expect(withCampaign('/request-demo', search)).toBe(
      '/request-demo?utm_campaign=injury-2026&utm_source=google&utm_medium=cpc&utm_term=legal+ai&utm_content=banner-a',
    )
    expect(
      campaignFromUrl(`https://partner.example${withCampaign('/request-demo', search)}`),
    ).toEqual(campaignFromUrl(ad))
  })

  it('leaves the path alone without a campaign, or with empty parameters', () => {
    expect(withCampaign('/request-demo', '')).toBe('/request-demo')
    expect(withCampaign('/request-demo', '?page=2')).toBe('/request-demo')
    expect(withCampaign('/request-demo', '?utm_source=&utm_medium=%20')).toBe('/request-demo')
  })
})
