import type { Language } from '#core/languages.ts'
import { honeypot, leadFields } from '#core/lead-fields.ts'
import { fitMetadata } from '#core/text-hygiene.ts'
import type { Campaign, UtmField } from './campaign.ts'

export type MetadataInput = {
  source?: string | undefined
  pageUrl: string
  referrer: string
  website: string
  /** The visit's `utm_*` parameters. */
  campaign?: Campaign | undefined
  /** The language the form is shown in; sales and routing read it (none reads as English). */
  language?: Language | undefined
}

/**
 * Where a lead came from, made to fit the schema's limits. These values are not the visitor's
 * to fix: a long page address or a partner's untidy `source` attribute must never cost a lead.
 */
export function submissionMetadata({
  source,
  pageUrl,
  referrer,
  website,
  campaign = {},
  language,
}: MetadataInput) {
  const tidySource = source && fitMetadata(source, leadFields.source.max)
  const tidyCampaign: Campaign = {}
  for (const [field, value] of Object.entries(campaign) as [UtmField, string | undefined][]) {
    const text = value && fitMetadata(value, leadFields[field].max)
    if (text) tidyCampaign[field] = text
  }
  return {
    ...(tidySource && { source: tidySource }),
    ...tidyCampaign,
    ...(language && { language }),
    pageUrl: fitMetadata(pageUrl, leadFields.pageUrl.max),
    referrer: fitMetadata(referrer, leadFields.referrer.max),
    // Only ever asked whether it is empty: cut, never cleaned, as the schema does.
    website: website.trim().slice(0, honeypot.max),
  }
}
