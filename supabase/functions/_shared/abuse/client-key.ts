import { createHmac } from 'node:crypto'

/** A secret client keys are made with, and the window starts it serves: a UTC day's. */
export interface ClientKeySecret {
  secret: string
  validFrom: Date
  validUntil: Date
}

/**
 * A client's key: a hex HMAC-SHA-256 of its group (see client-group.ts) under a secret. Without
 * the secret the key cannot be tested against guessed addresses, as an unkeyed hash of every
 * IPv4 address can be in minutes. node:crypto, which Deno has too, runs in place; Web Crypto
 * goes to a thread pool and back (a seventh of the local server's time a lead, when it hashed).
 */
export function clientKey(secret: string, group: string): string {
  return createHmac('sha256', secret).update(group).digest('hex')
}

const covers = (secret: ClientKeySecret, windowStart: Date) =>
  secret.validFrom.getTime() <= windowStart.getTime() &&
  windowStart.getTime() < secret.validUntil.getTime()

/**
 * `fetch` with its last answer kept while windows start within it, so the database is asked
 * once a day, not once a lead. Callers arriving while it is asked wait for that answer; a failed
 * question fails its callers and is asked again by the next.
 */
export function cacheClientKeySecrets(
  fetch: (windowStart: Date) => Promise<ClientKeySecret>,
): (windowStart: Date) => Promise<string> {
  let known: ClientKeySecret | null = null
  let asking: Promise<ClientKeySecret> | null = null
  return async (windowStart) => {
    if (known && covers(known, windowStart)) return known.secret
    asking ??= fetch(windowStart).finally(() => {
      asking = null
    })
    known = await asking
    // Asked for another day by a caller on the other side of midnight: ask for this one.
    return covers(known, windowStart) ? known.secret : (await fetch(windowStart)).secret
  }
}
