/**
 * At most `max` submissions per client, and `globalMax` from all clients together, within each
 * window of `windowSeconds`. A client is an IPv4 address, or an IPv6 address's first
 * `ipv6Prefix` bits (64 when not given).
 */
export interface RateLimit {
  max: number
  globalMax: number
  windowSeconds: number
  ipv6Prefix?: number
}

/** The start of the fixed window `now` falls in. */
export function windowStart(now: Date, windowSeconds: number): Date {
  const size = windowSeconds * 1000
  return new Date(Math.floor(now.getTime() / size) * size)
}

/** The end of the window starting at `start`: the next one's start. */
export function windowEnd(start: Date, windowSeconds: number): Date {
  return new Date(start.getTime() + windowSeconds * 1000)
}

/** Whole seconds until the window starting at `start` ends; at least one. */
export function secondsUntilWindowEnds(start: Date, windowSeconds: number, now: Date): number {
  const end = windowEnd(start, windowSeconds).getTime()
  return Math.max(1, Math.ceil((end - now.getTime()) / 1000))
}
