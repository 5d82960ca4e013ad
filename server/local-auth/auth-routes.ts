import { AuthError, authErrorReply, authJson } from './auth-error.ts'
import type { LimitedRoute, LocalAuth } from './local-auth.ts'

/** Where Supabase Auth answers, on the project's URL, and so here. */
const authPathPrefix = '/auth/v1/'

/** Whether a request is for the local auth. */
export const isAuthPath = (url = '/') => url.startsWith(authPathPrefix)

// What GET /settings says of this stand-in: email only, and nobody signs up.
const settings = {
  external: { email: true, phone: false, anonymous_users: false },
  disable_signup: true,
  mailer_autoconfirm: false,
  phone_autoconfirm: false,
  sms_provider: '',
  saml_enabled: false,
  passkeys_enabled: false,
}

async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text()
  if (!text) return {}
  try {
    const body: unknown = JSON.parse(text)
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      return body as Record<string, unknown>
    }
  } catch {
    // Answered below, as for a body that is JSON but not an object.
  }
  throw new AuthError(
    400,
    'bad_json',
    'Could not parse request body as JSON: an object is expected',
  )
}

type Route = (request: Request, url: URL) => Promise<Response>

const json = (body: unknown) => authJson(200, body)

function routes(auth: LocalAuth): Record<string, Route> {
  const bearer = (request: Request) => request.headers.get('authorization')
  const redirectTo = (url: URL) => url.searchParams.get('redirect_to')
  return {
    'POST otp': async (request, url) =>
      json(await auth.sendOtp(await jsonBody(request), redirectTo(url))),
    'POST verify': async (request) => json(await auth.verify(await jsonBody(request))),
    'POST token': async (request, url) => {
      const grant = url.searchParams.get('grant_type')
      if (grant !== 'refresh_token') {
        throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type')
      }
      return json(await auth.refresh(await jsonBody(request)))
    },
    'GET user': async (request) => json(await auth.user(bearer(request))),
    'POST logout': async (request, url) => {
      await auth.logout(bearer(request), url.searchParams.get('scope'))
      return new Response(null, { status: 204 })
    },
    'POST invite': async (request, url) =>
      json(await auth.invite(bearer(request), await jsonBody(request), redirectTo(url))),
    'GET settings': async () => json(settings),
    'GET health': async () =>
      json({ name: 'local-auth', description: 'Supabase Auth stand-in for npm start' }),
    // The access tokens are HS256 under a shared secret, which is never published: supabase-js's
    // getClaims then asks GET /user, as it does on a project with the legacy secret.
    'GET .well-known/jwks.json': async () => json({ keys: [] }),
  }
}

// The routes Supabase Auth limits per client address, before it reads the request.
const limitedRoutes: Record<string, LimitedRoute> = { 'POST otp': 'otp', 'POST verify': 'verify' }

/**
 * The local auth's HTTP face: `/auth/v1/*` as supabase-js calls it. Every refusal carries
 * Supabase Auth's status, code and message; a failure of the database is a 500, never a crash.
 * `clientAddress` is the socket's address: nothing stands in front of the local server.
 */
export function authHandler(auth: LocalAuth) {
  const table = routes(auth)
  return async (
    request: Request,
    { clientAddress }: { clientAddress?: string | null } = {},
  ): Promise<Response> => {
    const url = new URL(request.url)
    const path = url.pathname.slice(authPathPrefix.length).replace(/\/$/, '')
    try {
      const limited = limitedRoutes[`${request.method} ${path}`]
      if (limited) auth.limit(limited, clientAddress ?? 'unknown')
      const user = /^admin\/users\/([^/]+)$/.exec(path)
      if (user && request.method === 'DELETE') {
        return json(await auth.deleteUser(request.headers.get('authorization'), user[1] ?? ''))
      }
      const route = table[`${request.method} ${path}`]
      if (!route) {
        const known = Object.keys(table).some((key) => key.endsWith(` ${path}`))
        throw known
          ? new AuthError(
              405,
              'method_not_allowed',
              `${request.method} is not allowed on ${url.pathname}`,
            )
          : new AuthError(
              404,
              'not_found',
              `The local auth has no ${url.pathname}: it serves what the console's sign-in uses`,
            )
      }
      return await route(request, url)
    } catch (error) {
      if (error instanceof AuthError) return authErrorReply(error)
      console.error('The local auth failed to answer', error)
      return authErrorReply(
        new AuthError(
          500,
          'unexpected_failure',
          'Unexpected failure, please check server logs for more information',
        ),
      )
    }
  }
}
