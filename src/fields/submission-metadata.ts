import type { Language } from '../copy/languages.ts'
import type { Campaign, UtmField } from './campaign.ts'
import { honeypot, leadFields } from './lead-fields.ts'
import { cleanMetadata } from './text-hygiene.ts'

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

/**
 * `text` cleaned as the schema cleans it, cut to `max` without splitting a surrogate pair, and
 * cleaned again, for a cut can leave a joiner or a flag's tags with nothing to join: the schema
 * then keeps it as is. A lead's attribution and a funnel batch's source are cut alike.
 */
export function fitMetadata(text: string, max: number): string {
  const cut = cleanMetadata(text).slice(0, max)
  return cleanMetadata(/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut)
}
