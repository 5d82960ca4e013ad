import { expect, it } from 'vitest'
import { parseFormFields } from '#core/contact-fields.ts'
import { formFieldNames, leadField } from '#core/lead-fields.ts'
import { defaultIpv6Prefix } from '#shared/abuse/client-group.ts'
import { configDefaults } from '#shared/config/function-config.ts'
import { schedulingProviders } from './scheduling-setting.ts'
import { privacyNotice, siteCopy } from './site-copy.ts'

// /privacy promises how the rate limits key a visitor; the promise follows the code's default.
it('the privacy notice describes the client keys the function makes', () => {
  const text = JSON.stringify(siteCopy.privacy)
  expect(text).toContain('keyed hash of your IP address, never the address itself')
  expect(text).toContain(`its first ${defaultIpv6Prefix} bits`)
  expect(text).toContain('replaced every day and deleted')
})

// The notice lists what the form collects from the field catalogue: a field added there is named.
it('the privacy notice names every field the configured form collects', () => {
  const fields = parseFormFields('email,phone?,role,message?')
  const text = JSON.stringify(privacyNotice(fields))
  for (const name of formFieldNames) {
    const words = leadField(name).privacy
    expect(words, name).toBeDefined()
    expect(text).toContain(words?.collected)
  }
  expect(text).toContain('We use your work email and phone number to contact you')
  // Not typed by the visitor, so not in the catalogue's privacy words: the notice names it itself.
  expect(text).toContain('The language the form was shown in')
  expect(JSON.stringify(privacyNotice([]))).not.toContain('work email')
})

// With routing on, the notice names the schedulers that receive the visitor's name and email.
it('the privacy notice names the scheduling services the routes book with, and only them', () => {
  const routes = JSON.stringify([
    { when: { companySize: ['200+ employees'] }, book: 'https://cal.com/acme/demo' },
    { when: { companySize: ['50-200 employees'] }, book: 'https://calendly.com/acme/demo' },
    { book: 'https://outlook.example/bookwithme/acme' },
    { message: 'Thanks!' },
  ])
  const providers = schedulingProviders(routes)
  expect(providers).toEqual(['cal', 'calendly'])
  const text = JSON.stringify(privacyNotice([], providers))
  expect(text).toContain('Cal.com and Calendly receive your name and email address')
  const without = JSON.stringify(privacyNotice([], schedulingProviders(undefined)))
  expect(without).not.toMatch(/Cal\.com|Calendly|book a demo time/)
  expect(() => schedulingProviders('[{"book": 1}]')).toThrow(/DEMO_REQUEST_ROUTES/)
})

// /privacy says what the funnel counts, as docs/analytics.md does; the days follow the default.
it('the privacy notice says the form counts totals, never visitors, and for how long', () => {
  const text = JSON.stringify(siteCopy.privacy)
  expect(text).toContain('as totals per day and page, never per visitor')
  expect(text).toContain('no cookie, nothing stored on your device, no identifier')
  expect(text).toContain(`deleted after ${configDefaults.analyticsRetentionDays} days`)
  // A deployment that keeps them 90 days says 90 (ANALYTICS_RETENTION_DAYS at the site's build).
  const kept = JSON.stringify(privacyNotice([], [], 90))
  expect(kept).toContain('Totals are deleted after 90 days.')
  expect(kept).not.toContain(`after ${configDefaults.analyticsRetentionDays} days`)
})
