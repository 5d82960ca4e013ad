import { describe, expect, it } from 'vitest'
import { campaignFromUrl, firstTouchCampaign } from './campaign.ts'

// A Storage in memory, as a tab's sessionStorage behaves.
function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  }
}

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

describe('firstTouchCampaign', () => {
  it('keeps the first campaign of the session over later ones', () => {
    const storage = memoryStorage()
    expect(firstTouchCampaign(ad, () => storage).utmSource).toBe('google')
    const later = firstTouchCampaign(
      'https://partner.example/pricing?utm_source=newsletter&utm_campaign=december',
      () => storage,
    )
    expect(later).toEqual(campaignFromUrl(ad))
  })

  it('is credited to the campaign on pages without one, once one was seen', () => {
    const storage = memoryStorage()
    expect(firstTouchCampaign('https://partner.example/', () => storage)).toEqual({})
    firstTouchCampaign(ad, () => storage)
    expect(firstTouchCampaign('https://partner.example/contact', () => storage)).toEqual(
      campaignFromUrl(ad),
    )
  })

  it('uses the current address when storage throws, is missing or holds junk', () => {
    const throwing = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError')
    }
    expect(firstTouchCampaign(ad, throwing)).toEqual(campaignFromUrl(ad))
    expect(firstTouchCampaign(ad, () => undefined)).toEqual(campaignFromUrl(ad))
    const full = memoryStorage()
    full.setItem = () => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError')
    }
    expect(firstTouchCampaign(ad, () => full)).toEqual(campaignFromUrl(ad))
    for (const junk of ['{', 'null', '[1]', '{"utmSource":7}']) {
      const storage = memoryStorage()
      storage.setItem('demo-request-campaign', junk)
      expect(firstTouchCampaign(ad, () => storage)).toEqual(campaignFromUrl(ad))
    }
  })
})
