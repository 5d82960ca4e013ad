/**
 * At most `max` submissions per client, and `globalMax` from all clients together, within each
 * window of `windowSeconds`.
 */
export interface RateLimit {
  max: number
  globalMax: number
  windowSeconds: number
}

/** The start of the fixed window `now` falls in. */
export function windowStart(now: Date, windowSeconds: number): Date {
  const size = windowSeconds * 1000
  return new Date(Math.floor(now.getTime() / size) * size)
}

/** Whole seconds until the window starting at `start` ends; at least one. */
export function secondsUntilWindowEnds(start: Date, windowSeconds: number, now: Date): number {
  const end = start.getTime() + windowSeconds * 1000
  return Math.max(1, Math.ceil((end - now.getTime()) / 1000))
}

/** A hex SHA-256 of the client address: enough to count hits without storing the address. */
export async function clientKey(ip: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(ip))
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')
}
