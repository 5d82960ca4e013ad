import { describe, expect, it } from 'vitest'
import { sampleStoredDemoRequest as lead } from '../../../tests/support/sample-lead.ts'
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
      'Demo request: &lt;!channel&gt; Lovelace, &lt;http://x|y&gt; &amp; Co (6-50 employees)',
    )
  })
})
