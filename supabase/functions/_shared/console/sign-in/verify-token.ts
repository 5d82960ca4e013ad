import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose'
import type { AuthSettings } from './auth-settings.ts'

/** What the console needs of a verified Supabase Auth access token. */
export interface StaffClaims extends JWTPayload {
  sub: string
  /**
   * Supabase Auth's session: the first call of each is the person's sign-in, and each call asks
   * auth.sessions that it is still live (as-staff.ts), so a signed-out token opens nothing.
   */
  session_id: string
}

/** Resolves a bearer token's claims, or null for any token Supabase Auth did not sign. */
export type VerifyToken = (token: string) => Promise<StaffClaims | null>

// What jose throws for a token that is malformed, forged, expired or not for this project.
const tokenErrors = [
  errors.JWSInvalid,
  errors.JWTInvalid,
  errors.JWSSignatureVerificationFailed,
  errors.JWTExpired,
  errors.JWTClaimValidationFailed,
  errors.JOSEAlgNotAllowed,
  errors.JOSENotSupported,
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
]

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Checks a token as Supabase Auth issues it: signed with the project's JWT secret (HS256) when
 * `jwtSecret` is set, else with one of the project's published keys (its JWKS), unexpired, for
 * the audience `authenticated`, and naming its user and its session. Whether that session is
 * still live is asked of auth.sessions with the staff row (as-staff.ts), in the same query.
 */
export function createTokenVerifier(
  auth: Pick<AuthSettings, 'jwtSecret' | 'url'>,
): VerifyToken | null {
  const options = { audience: 'authenticated' }
  let verify: (token: string) => Promise<{ payload: JWTPayload }>
  if (auth.jwtSecret !== null) {
    const secret = new TextEncoder().encode(auth.jwtSecret)
    verify = (token) => jwtVerify(token, secret, { ...options, algorithms: ['HS256'] })
  } else if (auth.url !== null) {
    // jose caches the keys and fetches them again for a key id it has not seen (a rotation).
    const keys = createRemoteJWKSet(new URL('/auth/v1/.well-known/jwks.json', auth.url))
    verify = (token) => jwtVerify(token, keys, { ...options, algorithms: ['ES256', 'RS256'] })
  } else {
    return null
  }
  return async (token) => {
    try {
      const { payload } = await verify(token)
      const { sub, session_id: session } = payload
      return typeof sub === 'string' &&
        uuid.test(sub) &&
        typeof session === 'string' &&
        uuid.test(session)
        ? (payload as StaffClaims)
        : null
    } catch (error) {
      // A bad token is the caller's; the JWKS out of reach (or answering nonsense) is ours, and
      // must not read as theirs: that fails the call with 503 instead of signing them out.
      if (tokenErrors.some((kind) => error instanceof kind)) return null
      throw error
    }
  }
}
