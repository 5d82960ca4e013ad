/**
 * What a share link is made of (`POST /share-links`), checked alike by the console's form and
 * the console function: a view of the funnel (the last 7, 30 or 90 days, or fixed days), its
 * sources (none for every one) and an expiry in days from now (none for never).
 */
import * as v from 'valibot'

/** The rolling ranges a link may show, as the funnel view offers them. */
export const shareLinkDays = [7, 30, 90] as const
/** How long a link may live, in days from when it is made; null for until it is revoked. */
export const shareLinkLifetimes = [1, 7, 30, 90] as const

export interface ShareLinkRequest {
  /** The last 7, 30 or 90 days up to the day it is opened; null for `from` to `to`. */
  days: (typeof shareLinkDays)[number] | null
  from: string | null
  to: string | null
  sources: string[]
  expiresInDays: (typeof shareLinkLifetimes)[number] | null
}

const day = /^\d{4}-\d{2}-\d{2}$/
const isDay = (value: unknown): value is string =>
  typeof value === 'string' &&
  day.test(value) &&
  new Date(Date.parse(value)).toISOString().startsWith(value)
const dayMs = 86_400_000

/** A link's request, each rule broken named in the sentence the console shows. */
export const shareLinkRequestSchema: v.GenericSchema<unknown, ShareLinkRequest> = v.pipe(
  v.object({
    days: v.optional(v.unknown(), null),
    from: v.optional(v.unknown(), null),
    to: v.optional(v.unknown(), null),
    sources: v.optional(v.unknown(), []),
    expiresInDays: v.optional(v.unknown(), null),
  }),
  v.check(
    ({ days }) => days === null || shareLinkDays.includes(days as 7),
    `days must be one of ${shareLinkDays.join(', ')}, or null for fixed days.`,
  ),
  v.check(
    ({ days, from, to }) =>
      days !== null ? from === null && to === null : isDay(from) && isDay(to) && from <= to,
    'Give days, or from and to as YYYY-MM-DD with from not after to.',
  ),
  v.check(
    ({ days, from, to }) =>
      days !== null || Date.parse(to as string) - Date.parse(from as string) < 366 * dayMs,
    'A link shows at most 366 days.',
  ),
  v.check(
    ({ sources }) =>
      Array.isArray(sources) &&
      sources.length <= 100 &&
      sources.every((source) => typeof source === 'string' && source.length <= 100),
    'sources must be a list of at most 100 source names; empty for every source.',
  ),
  v.check(
    ({ expiresInDays }) =>
      expiresInDays === null || shareLinkLifetimes.includes(expiresInDays as 1),
    `expiresInDays must be one of ${shareLinkLifetimes.join(', ')}, or null for never.`,
  ),
  v.transform((request) => request as ShareLinkRequest),
)

/** A link's token: 32 random bytes, base64url. Anything else opens nothing. */
export const shareTokenPattern = /^[A-Za-z0-9_-]{43}$/
