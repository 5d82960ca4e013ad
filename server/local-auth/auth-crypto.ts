import { createHash, randomBytes, randomInt } from 'node:crypto'

/** What the database keeps of a token: its SHA-256, never the token. */
export const storedHash = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * The `token_hash` of a sign-in link, as Supabase Auth derives it (crypto.GenerateTokenHash):
 * SHA-224 of the email and the six-digit code, so the link and the code are one token.
 */
export const linkTokenHash = (email: string, code: string) =>
  createHash('sha224')
    .update(email + code)
    .digest('hex')

/** A six-digit code, as Supabase Auth's emails carry by default. */
export const emailCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0')

/** An opaque bearer secret: a refresh token, or the signing secret. */
export const randomSecret = (bytes = 32) => randomBytes(bytes).toString('base64url')
