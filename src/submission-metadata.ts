import { metadataLimits } from './demo-request-limits.ts'

export type MetadataInput = {
  source?: string | undefined
  pageUrl: string
  referrer: string
  website: string
}

/**
 * Where a lead came from, made to fit the schema's limits. These values are not the visitor's
 * to fix: a long page address or a partner's untidy `source` attribute must never cost a lead.
 */
export function submissionMetadata({ source, pageUrl, referrer, website }: MetadataInput) {
  const tidySource = source && tidy(source, metadataLimits.source)
  return {
    ...(tidySource && { source: tidySource }),
    pageUrl: tidy(pageUrl, metadataLimits.pageUrl),
    referrer: tidy(referrer, metadataLimits.referrer),
    website: tidy(website, metadataLimits.website),
  }
}

function tidy(text: string, max: number): string {
  return text
    .replace(/\p{Cc}+/gu, ' ')
    .trim()
    .slice(0, max)
    .trim()
}
