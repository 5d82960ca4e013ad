import { clientGroup, defaultIpv6Prefix } from '#shared/abuse/client-group.ts'

/**
 * Requests one client address may make to a route, as Supabase Auth limits `/otp` and `/verify`
 * (GOTRUE_RATE_LIMIT_OTP and GOTRUE_RATE_LIMIT_VERIFY): a token bucket per address holding
 * `burst` requests and refilling `perFiveMinutes` of them every five minutes.
 */
export interface RequestLimit {
  perFiveMinutes: number
  burst: number
}

/** Supabase Auth's defaults: 30 per five minutes, in bursts of up to 30. */
export const defaultRequestLimit: RequestLimit = { perFiveMinutes: 30, burst: 30 }

type Bucket = { tokens: number; at: number }

// Buckets full again are forgotten once this many addresses are kept, so memory stays bounded.
const forgetAbove = 10_000

/**
 * A limiter over `now`'s clock. `take(address)` spends one request of the address's bucket and
 * returns 0, or, when it is empty, the whole seconds until one more is allowed (Retry-After).
 */
export function requestLimiter(limit: RequestLimit, now: () => Date) {
  const perMs = limit.perFiveMinutes / (5 * 60 * 1000)
  const buckets = new Map<string, Bucket>()
  // A clock set back (a test's) refills nothing rather than drains.
  const level = (bucket: Bucket, at: number) =>
    Math.min(limit.burst, bucket.tokens + Math.max(0, at - bucket.at) * perMs)
  return {
    take(address: string): number {
      const at = now().getTime()
      if (buckets.size > forgetAbove) {
        for (const [key, bucket] of buckets) {
          if (level(bucket, at) >= limit.burst) buckets.delete(key)
        }
      }
      // An IPv6 /64 is one connection that may pick any of its addresses, as for the form.
      const key = clientGroup(address, defaultIpv6Prefix)
      const bucket = buckets.get(key)
      const tokens = bucket ? level(bucket, at) : limit.burst
      const since = Math.max(at, bucket?.at ?? at)
      if (tokens < 1) {
        buckets.set(key, { tokens, at: since })
        return Math.max(1, Math.ceil((1 - tokens) / perMs / 1000))
      }
      buckets.set(key, { tokens: tokens - 1, at: since })
      return 0
    },
  }
}
