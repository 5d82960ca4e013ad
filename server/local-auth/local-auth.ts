import type { SqlDatabase } from '#shared/db/sql-database.ts'
import {
  accessTokenSeconds,
  loadJwtSecret,
  signAccessToken,
  signServiceRoleKey,
  verifyAccessToken,
} from './access-token.ts'
import { AuthError } from './auth-error.ts'
import { ensureAuthSchema } from './auth-schema.ts'
import {
  type AuthUserRow,
  findUserByEmail,
  findUserById,
  inviteUser,
  normalEmail,
  recordSignIn,
  userJson,
} from './auth-users.ts'
import {
  issueToken,
  lastIssuedAt,
  type OneTimeKind,
  type Spent,
  spendCode,
  spendLink,
} from './one-time-tokens.ts'
import { defaultRequestLimit, type RequestLimit, requestLimiter } from './request-limits.ts'
import {
  endSessions,
  rotateRefreshToken,
  type SessionRow,
  sessionExists,
  startSession,
} from './sessions.ts'
import { type AuthMailer, terminalMailer } from './terminal-mailer.ts'

/** What the local auth is built from. */
export interface LocalAuthOptions {
  db: SqlDatabase
  /** The local server's origin, such as `http://localhost:3000`: links and the issuer use it. */
  siteUrl: () => string
  mailer?: AuthMailer
  now?: () => Date
  /** Requests per client address to `/otp` and to `/verify`; Supabase Auth's defaults if not given. */
  limits?: Partial<Record<LimitedRoute, RequestLimit>>
}

/** The routes Supabase Auth limits per client address, and this auth with it. */
export type LimitedRoute = 'otp' | 'verify'

// Supabase Auth's default interval between two emails to one address (SMTP max frequency).
const resendSeconds = 60

// What each verification type accepts, and the sign-in method it puts in the token's `amr`.
const verifyTypes: Record<string, { kinds: OneTimeKind[]; method: string }> = {
  email: { kinds: ['magiclink', 'invite'], method: 'otp' },
  magiclink: { kinds: ['magiclink'], method: 'magiclink' },
  invite: { kinds: ['invite'], method: 'invite' },
  signup: { kinds: ['invite'], method: 'invite' },
}

const emailShape = /^[^\s@]+@[^\s@]+$/

/** The body of `POST /verify`, as supabase-js's verifyOtp sends it. */
export interface VerifyParams {
  type?: string
  token?: string
  token_hash?: string
  email?: string
  phone?: string
}

/**
 * A stand-in for Supabase Auth on `npm start`: the part of its HTTP API the console uses
 * through supabase-js (email links and codes for invited people, refresh, sign-out, invites),
 * over the local database. Each method answers or throws an {@link AuthError}.
 */
export async function createLocalAuth({
  db,
  siteUrl,
  mailer = terminalMailer(),
  now = () => new Date(),
  limits = {},
}: LocalAuthOptions) {
  await ensureAuthSchema(db)
  const limiters = {
    otp: requestLimiter(limits.otp ?? defaultRequestLimit, now),
    verify: requestLimiter(limits.verify ?? defaultRequestLimit, now),
  }
  const jwtSecret = await loadJwtSecret(db)
  const serviceRoleKey = await signServiceRoleKey(jwtSecret, now())
  const issuer = () => `${siteUrl()}/auth/v1`

  // A link goes where the caller asked only on this origin, as Supabase Auth allows only its
  // listed redirect addresses; anywhere else it goes to the console.
  function linkFor(kind: OneTimeKind, tokenHash: string, redirectTo: string | null) {
    const site = siteUrl()
    const asked = redirectTo && URL.canParse(redirectTo) ? new URL(redirectTo) : null
    const link = asked && asked.origin === new URL(site).origin ? asked : new URL('/console', site)
    link.searchParams.set('token_hash', tokenHash)
    link.searchParams.set('type', kind)
    return link.toString()
  }

  async function mail(user: AuthUserRow, kind: OneTimeKind, redirectTo: string | null) {
    const token = await issueToken(db, user, kind, now())
    const link = linkFor(kind, token.tokenHash, redirectTo)
    mailer.send({ email: user.email, kind, link, code: token.code, expiresAt: token.expiresAt })
    return link
  }

  async function sessionReply(user: AuthUserRow, session: SessionRow, refreshToken: string) {
    const at = now()
    const accessToken = await signAccessToken(
      jwtSecret,
      issuer(),
      {
        sub: user.id,
        email: user.email,
        sessionId: session.id,
        method: session.method,
        signedInAt: new Date(session.created_at),
        userMetadata: user.user_metadata,
      },
      at,
    )
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: accessTokenSeconds,
      expires_at: Math.floor(at.getTime() / 1000) + accessTokenSeconds,
      refresh_token: refreshToken,
      user: userJson(user),
    }
  }

  /** The claims of the request's bearer token, checked as requireAuthentication does. */
  async function bearerClaims(authorization: string | null) {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1]
    if (!token) {
      throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
    }
    return verifyAccessToken(jwtSecret, token, now())
  }

  /** The signed-in person and session of a request, or the refusal Supabase Auth gives. */
  async function signedIn(authorization: string | null) {
    const claims = await bearerClaims(authorization)
    if (typeof claims.sub !== 'string') {
      throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim')
    }
    const user = await findUserById(db, claims.sub)
    if (!user) {
      throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
    }
    const sessionId = typeof claims.session_id === 'string' ? claims.session_id : ''
    if (!(await sessionExists(db, sessionId, user.id))) {
      throw new AuthError(
        403,
        'session_not_found',
        'Session from session_id claim in JWT does not exist',
      )
    }
    return { user, sessionId }
  }

  async function requireServiceRole(authorization: string | null) {
    const claims = await bearerClaims(authorization)
    if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') {
      throw new AuthError(403, 'not_admin', 'User not allowed')
    }
  }

  function requireEmail(email: unknown): string {
    if (typeof email !== 'string' || !emailShape.test(email.trim())) {
      throw new AuthError(
        400,
        'validation_failed',
        'Unable to validate email address: invalid format',
      )
    }
    return normalEmail(email)
  }

  return {
    jwtSecret,
    /** A `service_role` key for supabase-js's admin calls (invite, delete) on this server. */
    serviceRoleKey,
    mailer,

    /**
     * Counts a request from `clientAddress` to a limited route, or refuses it as Supabase Auth
     * does (429 over_request_rate_limit), with the seconds until the next may come.
     */
    limit(route: LimitedRoute, clientAddress: string) {
      const wait = limiters[route].take(clientAddress)
      if (wait > 0) {
        throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached', wait)
      }
    },

    /** `POST /otp`: mails a link and code to a known person; nobody new signs up here. */
    async sendOtp(
      body: { email?: unknown; phone?: unknown; create_user?: unknown },
      redirectTo: string | null,
    ) {
      if (body.phone)
        throw new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider')
      if (!body.email)
        throw new AuthError(400, 'validation_failed', 'One of email or phone must be set')
      const user = await findUserByEmail(db, requireEmail(body.email))
      if (!user) {
        // Sign-ups are off: an address not invited is refused as Supabase Auth refuses it.
        throw body.create_user === false
          ? new AuthError(422, 'otp_disabled', 'Signups not allowed for otp')
          : new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance')
      }
      const last = await lastIssuedAt(db, user.id)
      const wait = last ? Math.ceil(resendSeconds - (now().getTime() - last.getTime()) / 1000) : 0
      if (wait > 0) {
        throw new AuthError(
          429,
          'over_email_send_rate_limit',
          `For security purposes, you can only request this after ${wait} seconds.`,
          wait,
        )
      }
      await mail(user, 'magiclink', redirectTo)
      return {}
    },

    /** `POST /verify`: a link's token_hash, or an email and its code, for a session. */
    async verify(params: VerifyParams) {
      const kind = params.type ? verifyTypes[params.type] : undefined
      if (!params.type)
        throw new AuthError(400, 'validation_failed', 'Verify requires a verification type')
      if (!kind) throw new AuthError(400, 'validation_failed', 'Unsupported verification type')
      if (!params.token === !params.token_hash) {
        throw new AuthError(
          400,
          'validation_failed',
          'Verify requires either a token or a token hash',
        )
      }
      let spent: Spent
      if (params.token_hash) {
        if (params.email || params.phone) {
          throw new AuthError(
            400,
            'validation_failed',
            'Only the token_hash and type should be provided',
          )
        }
        spent = await spendLink(db, params.token_hash, kind.kinds, now())
        if (!spent) throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired')
      } else {
        const email = requireEmail(params.email)
        spent = await spendCode(db, email, String(params.token), kind.kinds, now())
        if (!spent) throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid')
      }
      await recordSignIn(db, spent.userId, now())
      const user = await findUserById(db, spent.userId)
      if (!user) throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired')
      const { session, refreshToken } = await startSession(db, user.id, kind.method, now())
      return sessionReply(user, session, refreshToken)
    },

    /** `POST /token?grant_type=refresh_token`. */
    async refresh(body: { refresh_token?: unknown }) {
      if (typeof body.refresh_token !== 'string' || !body.refresh_token) {
        throw new AuthError(400, 'validation_failed', 'refresh_token required')
      }
      const { session, refreshToken } = await rotateRefreshToken(db, body.refresh_token, now())
      const user = await findUserById(db, session.user_id)
      if (!user) {
        throw new AuthError(
          400,
          'refresh_token_not_found',
          'Invalid Refresh Token: Refresh Token Not Found',
        )
      }
      return sessionReply(user, session, refreshToken)
    },

    /** `GET /user`. */
    async user(authorization: string | null) {
      return userJson((await signedIn(authorization)).user)
    },

    /** `POST /logout?scope=global|local|others`. */
    async logout(authorization: string | null, scope: string | null) {
      const chosen = scope ?? 'global'
      if (chosen !== 'global' && chosen !== 'local' && chosen !== 'others') {
        throw new AuthError(400, 'validation_failed', `Unsupported logout scope "${chosen}"`)
      }
      const { user, sessionId } = await signedIn(authorization)
      await endSessions(db, user.id, sessionId, chosen)
    },

    /** `POST /invite` (service role): adds the person and mails them an invitation. */
    async invite(
      authorization: string | null,
      body: { email?: unknown; data?: unknown },
      redirectTo: string | null,
    ) {
      await requireServiceRole(authorization)
      const email = requireEmail(body.email)
      const known = await findUserByEmail(db, email)
      if (known?.email_confirmed_at) {
        throw new AuthError(
          422,
          'email_exists',
          'A user with this email address has already been registered',
        )
      }
      const metadata =
        body.data && typeof body.data === 'object' ? (body.data as Record<string, unknown>) : {}
      const user = known ?? (await inviteUser(db, email, metadata, now()))
      await mail(user, 'invite', redirectTo)
      return userJson(user)
    },

    /** `DELETE /admin/users/:id` (service role): the person and their sessions go. */
    async deleteUser(authorization: string | null, id: string) {
      await requireServiceRole(authorization)
      const rows = /^[0-9a-f-]{36}$/i.test(id)
        ? await db.transaction(async (tx) => {
            await tx.query('delete from auth.sessions where user_id = $1', [id])
            return tx.query('delete from local_auth.users where id = $1 returning id', [id])
          })
        : []
      if (rows.length === 0) throw new AuthError(404, 'user_not_found', 'User not found')
      return {}
    },

    /**
     * A one-time sign-in link for a person, without the resend interval: what `npm start` and
     * `npm run console:link` print for the local owner. The person must be known.
     */
    async signInLink(email: string): Promise<string> {
      const user = await findUserByEmail(db, email)
      if (!user) throw new Error(`No local auth user ${email}`)
      const token = await issueToken(db, user, 'magiclink', now())
      return linkFor('magiclink', token.tokenHash, null)
    },

    /** Adds a person as an invite would, without mailing them. */
    addUser: (email: string) => inviteUser(db, requireEmail(email), {}, now()),
  }
}

/** The local stand-in for Supabase Auth. */
export type LocalAuth = Awaited<ReturnType<typeof createLocalAuth>>
