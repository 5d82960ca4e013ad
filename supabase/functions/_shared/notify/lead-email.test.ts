import { describe, expect, it } from 'vitest'
import { leadEmail } from './lead-email.ts'

const lead = {
  id: '00000000-0000-4000-8000-000000000001',
  firstName: '<script>alert(1)</script>',
  lastName: 'O"Brien',
  companyName: 'Smith & <b>Sons</b>',
  companySize: '1-5 employees' as const,
  email: null,
  phone: null,
  phoneE164: null,
  role: null,
  message: null,
  source: null,
  pageUrl: 'https://example.com/?a=1&b=<2>',
  referrer: null,
  utmSource: 'newsletter',
  utmMedium: null,
  utmCampaign: 'spring <sale> & more',
  utmTerm: null,
  utmContent: null,
  language: 'es' as const,
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
    expect(html).toContain(
      '<th align="left" valign="top">Campaign</th><td>spring &lt;sale&gt; &amp; more</td>',
    )
  })

  it('names the lead in the subject and lists the fields in the text', () => {
    const email = leadEmail(lead)
    expect(email.subject).toBe(
      'Demo request: <script>alert(1)</script> O"Brien, Smith & <b>Sons</b>',
    )
    expect(email.text).toContain('Company size: 1-5 employees')
    expect(email.text).toContain('Received: 2026-01-02T03:04:05.000Z')
    expect(email.text).toContain('Campaign: spring <sale> & more\nUTM source: newsletter\n')
    expect(email.text).toContain('Language: es\n')
    expect(email.text).not.toContain('Source:')
    expect(email.text).not.toContain('UTM medium')
  })

  it('lists the contact fields in the subject and body, and replies to the lead', () => {
    const email = leadEmail({
      ...lead,
      email: 'ada@lovelace.example',
      phone: '+44 20 7946 0000',
      phoneE164: '+442079460000',
      role: 'Managing <Partner>',
      message: 'Two offices.\n<i>Austin</i> & London.',
    })
    expect(email.replyTo).toBe('ada@lovelace.example')
    expect(email.subject).toBe(
      'Demo request: <script>alert(1)</script> O"Brien, Managing <Partner>, Smith & <b>Sons</b>, ada@lovelace.example, +44 20 7946 0000',
    )
    expect(email.text).toContain(
      'Job title: Managing <Partner>\nWork email: ada@lovelace.example\nPhone: +44 20 7946 0000\nPhone (E.164): +442079460000\nMessage:\nTwo offices.\n<i>Austin</i> & London.\n',
    )
    expect(email.html).toContain('<td>Managing &lt;Partner&gt;</td>')
    expect(email.html).toContain('<td>Two offices.<br>&lt;i&gt;Austin&lt;/i&gt; &amp; London.</td>')
  })

  it('has no reply-to and no contact rows for the four fields alone (docs/requirements.md#fields)', () => {
    const email = leadEmail(lead)
    expect(email.replyTo).toBeNull()
    expect(email.text).not.toMatch(/Work email|Phone|Job title|Message/)
  })
})
