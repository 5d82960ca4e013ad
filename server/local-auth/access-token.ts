import { errors, jwtVerify, SignJWT } from 'jose'
import type { SqlDatabase } from '#shared/db/sql-database.ts'
import { randomSecret } from './auth-crypto.ts'
import { AuthError } from './auth-error.ts'

/** Supabase Auth's default access token lifetime (GOTRUE_JWT_EXP). */
export const accessTokenSeconds = 3600

/**
 * The signing secret: made once and kept in the database, so sessions and the service key
 * outlive a restart of `npm start`, as the JWT secret of a Supabase project does.
 */
export async function loadJwtSecret(db: SqlDatabase): Promise<string> {
  const [row] = await db.query<{ value: string }>(
    `insert into local_auth.secrets (name, value) values ('jwt_secret', $1)
     on conflict (name) do update set value = local_auth.secrets.value
     returning value`,
    [randomSecret(48)],
  )
  if (!row) throw new Error('The local auth could not keep its signing secret')
  return row.value
}

/** The claims of a signed-in person's access token, as Supabase Auth issues them. */
export interface SessionClaims {
  sub: string
  email: string
  sessionId: string
  /** How the session began: `otp` for a code or a link, as Supabase Auth names both. */
  method: string
  signedInAt: Date
  userMetadata: Record<string, unknown>
}

const key = (secret: string) => new TextEncoder().encode(secret)

/** An HS256 access token with Supabase's claims, issued by `issuer` (`<url>/auth/v1`). */
export function signAccessToken(
  secret: string,
  issuer: string,
  claims: SessionClaims,
  now: Date,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000)
  return new SignJWT({
    email: claims.email,
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: claims.userMetadata,
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: claims.method, timestamp: Math.floor(claims.signedInAt.getTime() / 1000) }],
    session_id: claims.sessionId,
    is_anonymous: false,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(issuer)
    .setSubject(claims.sub)
    .setAudience('authenticated')
    .setIssuedAt(iat)
    .setExpirationTime(iat + accessTokenSeconds)
    .sign(key(secret))
}

/**
 * The service key for `npm start`: a `service_role` token under the same secret, as a Supabase
 * project's legacy service_role key is, so supabase-js's admin calls work unchanged.
 */
export function signServiceRoleKey(secret: string, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000)
  return new SignJWT({ role: 'service_role' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('supabase')
    .setIssuedAt(iat)
    .setExpirationTime(iat + 10 * 365 * 24 * 3600)
    .sign(key(secret))
}

/** The claims of a token signed with `secret` and not expired at `now`. */
export async function verifyAccessToken(
  secret: string,
  token: string,
  now: Date,
): Promise<Record<string, unknown>> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      currentDate: now,
    })
    return payload
  } catch (error) {
    const reason =
      error instanceof errors.JWTExpired
        ? 'token has invalid claims: token is expired'
        : 'signature is invalid'
    throw new AuthError(
      403,
      'bad_jwt',
      `invalid JWT: unable to parse or verify signature, ${reason}`,
    )
  }
}
