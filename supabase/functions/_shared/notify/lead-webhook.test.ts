import { describe, expect, it } from 'vitest'
import {
  sampleStoredDemoRequest as lead,
  sampleContact,
} from '../../../../tests/support/sample-lead.ts'
import { leadWebhook } from './lead-webhook.ts'

describe('leadWebhook', () => {
  it('is built from the stored lead alone, so every attempt sends the same body', () => {
    expect(JSON.stringify(leadWebhook({ ...lead }))).toBe(JSON.stringify(leadWebhook(lead)))
    expect(leadWebhook(lead).timestamp).toBe(lead.createdAt.toISOString())
  })

  it("escapes Slack's link and entity syntax in the one-line text", () => {
    const text = leadWebhook({
      ...lead,
      firstName: '<!channel>',
      companyName: '<http://x|y> & Co',
    }).text
    expect(text).toBe(
      'Demo request: &lt;!channel&gt; Lovelace, &lt;http://x|y&gt; &amp; Co (6-50 employees), campaign injury-defense-2026',
    )
  })

  it('names the campaign in the text when there is one, and carries every utm field in data', () => {
    const { text, data } = leadWebhook({ ...lead, utmCampaign: null })
    expect(text).toBe('Demo request: Ada Lovelace, Lovelace &amp; Babbage LLP (6-50 employees)')
    expect(data).toMatchObject({
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: null,
      utmTerm: null,
      utmContent: null,
    })
  })

  it('carries the contact fields under stable names, null when the form has none', () => {
    expect(leadWebhook(lead).data).toMatchObject({
      email: null,
      phone: null,
      phoneE164: null,
      role: null,
      message: null,
    })
    const { text, data } = leadWebhook({ ...lead, ...sampleContact, phoneE164: '+442079460000' })
    expect(data).toMatchObject({ ...sampleContact, phoneE164: '+442079460000' })
    expect(text).toBe(
      'Demo request: Ada Lovelace, Lovelace &amp; Babbage LLP (6-50 employees), ada@lovelace.example, campaign injury-defense-2026',
    )
  })

  it("keeps the data's key names, which partners' integrations read", () => {
    expect(Object.keys(leadWebhook(lead).data).sort()).toEqual(
      [
        'id',
        'firstName',
        'lastName',
        'companyName',
        'companySize',
        'email',
        'phone',
        'phoneE164',
        'role',
        'message',
        'source',
        'pageUrl',
        'referrer',
        'utmSource',
        'utmMedium',
        'utmCampaign',
        'utmTerm',
        'utmContent',
        'language',
        'createdAt',
      ].sort(),
    )
  })
})
