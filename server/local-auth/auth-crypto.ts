import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

/** What the database keeps of a token: its SHA-256, never the token. */
export const storedHash = (token: string) => createHash('sha256').update(token).digest('hex')

/** Whether two stored hashes (hex of equal length) are the same, in time that does not tell. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}

// A link's token_hash: a selector that finds its row and a verifier only its hash is kept of.
// Supabase Auth derives it from the email and the code (SHA-224), which leaves a link as
// guessable as the code (20 bits) to anyone who knows the address; here both parts are random,
// so a link is 256 random bits, 160 of them secret, and a wrong verifier for a known selector
// counts against that token as a wrong code does.
const selectorBytes = 12
const verifierBytes = 20
const linkTokenShape = new RegExp(`^[0-9a-f]{${2 * (selectorBytes + verifierBytes)}}$`)

/** A sign-in link's secret: the `token_hash` it carries, and the parts the database is given. */
export interface LinkToken {
  tokenHash: string
  selector: string
  verifier: string
}

/** A new, random link token. */
export function newLinkToken(): LinkToken {
  const selector = randomBytes(selectorBytes).toString('hex')
  const verifier = randomBytes(verifierBytes).toString('hex')
  return { tokenHash: selector + verifier, selector, verifier }
}

/** A `token_hash` split into its parts, or null when it is not one this auth made. */
export function readLinkToken(tokenHash: string): LinkToken | null {
  const text = tokenHash.toLowerCase()
  if (!linkTokenShape.test(text)) return null
  return {
    tokenHash: text,
    selector: text.slice(0, 2 * selectorBytes),
    verifier: text.slice(2 * selectorBytes),
  }
}

/** What is kept of a token's code: salted by its selector, so one code's hash fits no other. */
export const codeHash = (selector: string, code: string) => storedHash(`${selector}:${code}`)

/** A six-digit code, as Supabase Auth's emails carry by default. */
export const emailCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0')

/** An opaque bearer secret: a refresh token, or the signing secret. */
export const randomSecret = (bytes = 32) => randomBytes(bytes).toString('base64url')
