import { leadFields, type QueryFieldName, queryFieldNames } from './lead-fields.ts'

/** A field read from the landing page's address (its `utm_*` parameter, in the catalogue). */
export type UtmField = QueryFieldName

/** A visit's campaign: the `utm_*` parameters it arrived with, those it had. */
export type Campaign = Partial<Record<UtmField, string>>

const utmFields = queryFieldNames
const storageKey = 'demo-request-campaign'

/** The `utm_*` parameters in a page address, each cut to its limit; empty ones left out. */
export function campaignFromUrl(url: string): Campaign {
  let params: URLSearchParams
  try {
    params = new URL(url).searchParams
  } catch {
    return {}
  }
  const campaign: Campaign = {}
  for (const field of utmFields) {
    // Cut only: the submission cleans it, and a stored copy must stay small.
    const value = params.get(leadFields[field].query)?.trim().slice(0, leadFields[field].max)
    if (value) campaign[field] = value
  }
  return campaign
}

/**
 * The session's first campaign: the `utm_*` parameters of the first page of this tab's session
 * that carried any, kept in `sessionStorage`, so a visitor who came from an ad and then browsed
 * is still credited to the ad. Where storage is unavailable or throws (disabled, sandboxed
 * frames, full), the current address's parameters.
 */
export function firstTouchCampaign(
  url: string,
  storage: () => Storage | undefined = () => globalThis.sessionStorage,
): Campaign {
  const current = campaignFromUrl(url)
  try {
    const store = storage()
    if (!store) return current
    const kept = readCampaign(store.getItem(storageKey))
    if (kept) return kept
    if (Object.keys(current).length > 0) store.setItem(storageKey, JSON.stringify(current))
  } catch {
    // Reading `sessionStorage` itself throws where the page may not use storage.
  }
  return current
}

// What another script, or an older version, left under the key is checked, never trusted.
function readCampaign(stored: string | null): Campaign | undefined {
  if (!stored) return undefined
  let value: unknown
  try {
    value = JSON.parse(stored)
  } catch {
    return undefined
  }
  if (typeof value !== 'object' || value === null) return undefined
  const campaign: Campaign = {}
  for (const field of utmFields) {
    const text = (value as Record<string, unknown>)[field]
    if (typeof text === 'string' && text) campaign[field] = text.slice(0, leadFields[field].max)
  }
  return Object.keys(campaign).length > 0 ? campaign : undefined
}
