import { leadFields, type QueryFieldName, queryFieldNames } from '#core/lead-fields.ts'

/** A field read from the landing page's address (its `utm_*` parameter, in the catalogue). */
export type UtmField = QueryFieldName

/** A visit's campaign: the `utm_*` parameters it arrived with, those it had. */
export type Campaign = Partial<Record<UtmField, string>>

const utmFields = queryFieldNames

function parse(url: string): URL | undefined {
  try {
    return new URL(url)
  } catch {
    return undefined
  }
}

/** The `utm_*` parameters in a page address, each cut to its limit; empty ones left out. */
export function campaignFromUrl(url: string): Campaign {
  const params = parse(url)?.searchParams
  const campaign: Campaign = {}
  for (const field of utmFields) {
    // Cut only: the submission cleans it.
    const value = params?.get(leadFields[field].query)?.trim().slice(0, leadFields[field].max)
    if (value) campaign[field] = value
  }
  return campaign
}

/**
 * The visit's campaign, kept nowhere: the `utm_*` parameters of the page's address, else those of
 * the page before it on the same origin (`document.referrer`), so a visitor who lands from an ad
 * and opens the page with the form is still credited to the ad. One hop only: anything longer
 * would need the campaign written to the device. Another origin's parameters are that site's
 * campaign, not the visit's to this one.
 */
export function visitCampaign(url: string, referrer: string): Campaign {
  const current = campaignFromUrl(url)
  if (Object.keys(current).length > 0) return current
  const page = parse(url)
  const before = parse(referrer)
  return page && before && page.origin === before.origin ? campaignFromUrl(referrer) : {}
}

/**
 * `path` (a path with no query or fragment) with the `utm_*` parameters of `search`, a page's
 * `location.search`: a link to the form that carries the campaign the visitor arrived with.
 */
export function withCampaign(path: string, search: string): string {
  const params = new URLSearchParams(search)
  const carried = new URLSearchParams()
  for (const field of utmFields) {
    const { query } = leadFields[field]
    const value = params.get(query)
    if (value?.trim()) carried.set(query, value)
  }
  const query = carried.toString()
  return query ? `${path}?${query}` : path
}
