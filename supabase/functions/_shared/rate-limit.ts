import { createHash } from 'node:crypto'

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

/**
 * A hex SHA-256 of the client address: enough to count hits without storing the address.
 * node:crypto's hash, which Deno has too, runs in place; Web Crypto's `subtle.digest` goes to a
 * thread pool and back, and took a seventh of the local server's time per lead (CPU profile
 * under `npm run bench`'s load).
 */
export async function clientKey(ip: string): Promise<string> {
  return createHash('sha256').update(ip).digest('hex')
}
