import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { validateSubmission } from '#core/demo-request-schema.ts'
import { supportedLanguages } from '#core/languages.ts'
import { leadFields } from '#core/lead-fields.ts'
import { propertyRuns } from '../../tests/support/property-runs.ts'
import { sampleLead } from '../../tests/support/sample-lead.ts'
import { submissionMetadata } from './submission-metadata.ts'

const runs = propertyRuns(300)

describe('submissionMetadata', () => {
  it('passes tidy values through', () => {
    const metadata = submissionMetadata({
      source: 'partner-a',
      pageUrl: 'https://partner.example/contact',
      referrer: '',
      website: '',
    })
    expect(metadata).toEqual({
      source: 'partner-a',
      pageUrl: 'https://partner.example/contact',
      referrer: '',
      website: '',
    })
  })

  it('carries the language the form is shown in, which the schema keeps', () => {
    const where = { pageUrl: 'https://partner.example/', referrer: '', website: '' }
    const metadata = submissionMetadata({ ...where, language: 'es' })
    expect(metadata).toMatchObject({ language: 'es' })
    const checked = validateSubmission({ ...sampleLead, ...metadata })
    expect(checked.success && checked.output.language).toBe('es')
    expect(submissionMetadata(where)).not.toHaveProperty('language')
  })

  it('makes long and untidy values fit the schema, so the lead is never refused for them', () => {
    const metadata = submissionMetadata({
      source: `\n    partner\tacme\n${'x'.repeat(300)}`,
      pageUrl: `https://partner.example/contact?${'utm=1&'.repeat(1000)}`,
      referrer: `https://search.example/?q=${'legal+ai+'.repeat(500)}`,
      website: 'y'.repeat(500),
    })
    expect(metadata.source?.startsWith('partner acme')).toBe(true)
    expect(metadata.source?.length).toBeLessThanOrEqual(leadFields.source.max)
    expect(metadata.pageUrl).toHaveLength(leadFields.pageUrl.max)
    expect(validateSubmission({ ...sampleLead, ...metadata }).success).toBe(true)
  })

  it('sends nothing the schema refuses, whatever the page and the partner hold', () => {
    const text = (maxLength: number) =>
      fc.oneof(
        fc.string({ unit: 'binary', maxLength }),
        fc.string({ unit: 'grapheme', maxLength }),
        // Joiners, flags and pairs at the cut.
        fc
          .array(fc.constantFrom('a', '\u200D', '\u{1F469}', '\u{1F3F4}', '\u{E0061}', '\u{E007F}'))
          .map((chars) => 'x'.repeat(95) + chars.join('')),
      )
    fc.assert(
      fc.property(
        text(120),
        text(2100),
        text(300),
        fc.option(fc.constantFrom(...supportedLanguages), { nil: undefined }),
        (source, pageUrl, website, language) => {
          const campaign = { utmSource: source, utmCampaign: website, utmTerm: pageUrl }
          const metadata = submissionMetadata({
            source,
            pageUrl,
            referrer: pageUrl,
            website,
            campaign,
            language,
          })
          const result = validateSubmission({ ...sampleLead, ...metadata })
          // No language reads as English, as a widget from before languages was.
          const output = { ...sampleLead, language: 'en', ...metadata }
          expect(result).toEqual({ success: true, output })
        },
      ),
      { numRuns: runs },
    )
  })

  it('tidies the campaign and leaves out its empty parameters', () => {
    const metadata = submissionMetadata({
      pageUrl: '',
      referrer: '',
      website: '',
      campaign: {
        utmSource: ' google\u0000ads ',
        utmCampaign: `\u202E${'c'.repeat(300)}`,
        utmTerm: ' ',
      },
    })
    expect(metadata).toEqual({
      utmSource: 'google ads',
      utmCampaign: 'c'.repeat(200),
      pageUrl: '',
      referrer: '',
      website: '',
    })
  })

  it('leaves out an empty source', () => {
    expect(submissionMetadata({ source: ' \n ', pageUrl: '', referrer: '', website: '' })).toEqual({
      pageUrl: '',
      referrer: '',
      website: '',
    })
  })
})
