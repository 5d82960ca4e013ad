import { describe, expect, it } from 'vitest'
import { leadEmail } from './lead-email.ts'

const lead = {
  id: '00000000-0000-4000-8000-000000000001',
  firstName: '<script>alert(1)</script>',
  lastName: 'O"Brien',
  companyName: 'Smith & <b>Sons</b>',
  companySize: '1-5 employees' as const,
  source: null,
  pageUrl: 'https://example.com/?a=1&b=<2>',
  referrer: null,
  utmSource: 'newsletter',
  utmMedium: null,
  utmCampaign: 'spring <sale> & more',
  utmTerm: null,
  utmContent: null,
  createdAt: new Date('2026-01-02T03:04:05Z'),
}

describe('leadEmail', () => {
  it('escapes every visitor-supplied value in the HTML', () => {
    const { html } = leadEmail(lead)
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<b>')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('O&quot;Brien')
    expect(html).toContain('Smith &amp; &lt;b&gt;Sons&lt;/b&gt;')
    expect(html).toContain('https://example.com/?a=1&amp;b=&lt;2&gt;')
    expect(html).toContain('<th align="left">Campaign</th><td>spring &lt;sale&gt; &amp; more</td>')
  })

  it('names the lead in the subject and lists the fields in the text', () => {
    const email = leadEmail(lead)
    expect(email.subject).toBe(
      'Demo request: <script>alert(1)</script> O"Brien, Smith & <b>Sons</b>',
    )
    expect(email.text).toContain('Company size: 1-5 employees')
    expect(email.text).toContain('Received: 2026-01-02T03:04:05.000Z')
    expect(email.text).toContain('Campaign: spring <sale> & more\nUTM source: newsletter\n')
    expect(email.text).not.toContain('Source:')
    expect(email.text).not.toContain('UTM medium')
  })
})
