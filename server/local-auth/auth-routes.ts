import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { isRecord } from '#core/is-record.ts'
import { jsonBody } from '#shared/http/json-body.ts'
import { query } from '#shared/http/query.ts'
import { Refusal } from '#shared/http/refusal.ts'
import { AuthError, authErrorReply, authJson } from './auth-error.ts'
import type { LimitedRoute, LocalAuth } from './local-auth.ts'

/** Where Supabase Auth answers on the project's URL, and so the local server mounts it here. */
export const authPath = '/auth/v1/'

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

// The bodies the console's sign-in sends (an email, a code, a token) are far smaller.
const maxBodyBytes = 16 * 1024

const badJson = {
  status: 400,
  code: 'bad_json',
  message: 'Could not parse request body as JSON: an object is expected',
}

// A JSON object, or nothing (supabase-js posts some calls without a body).
const authBody = jsonBody<Record<string, unknown>, AuthEnv>(
  (input) => {
    if (isRecord(input)) return input
    throw new Refusal(badJson.status, badJson.code, badJson.message)
  },
  {
    maxBytes: maxBodyBytes,
    whenEmpty: {},
    refusals: {
      tooLarge: {
        status: 413,
        code: 'validation_failed',
        message: `The request body is larger than ${maxBodyBytes} bytes`,
      },
      invalidJson: badJson,
    },
  },
)

/** The local auth's Hono environment: the socket's address, which the limits count by. */
interface AuthEnv {
  Bindings: { clientAddress?: string | null } | undefined
}

const json = (body: unknown) => authJson(200, body)

/**
 * The local auth's HTTP face: `/auth/v1/*` as supabase-js calls it. Every refusal carries
 * Supabase Auth's status, code and message; a failure of the database is a 500, never a crash.
 * `clientAddress` is the socket's address: nothing stands in front of the local server.
 */
export function authHandler(auth: LocalAuth) {
  const bearer = (c: Context) => c.req.header('authorization') ?? null
  const redirectTo = (c: Context) => c.req.query('redirect_to') ?? null
  // Supabase Auth limits /otp and /verify per client address, before it reads the request.
  const limited =
    (route: LimitedRoute): MiddlewareHandler<AuthEnv> =>
    async (c, next) => {
      auth.limit(route, c.env?.clientAddress ?? 'unknown')
      await next()
    }
  const refreshGrant = query((params) => {
    if (params.get('grant_type') !== 'refresh_token') {
      throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type')
    }
  })

  const app = new Hono<AuthEnv>({
    getPath: (request) =>
      `/${new URL(request.url).pathname.slice(authPath.length).replace(/\/$/, '')}`,
  })
  app.onError((error) => {
    if (error instanceof AuthError) return authErrorReply(error)
    if (error instanceof Refusal) {
      return authErrorReply(new AuthError(error.status, error.code, error.message))
    }
    console.error('The local auth failed to answer', error)
    return authErrorReply(
      new AuthError(
        500,
        'unexpected_failure',
        'Unexpected failure, please check server logs for more information',
      ),
    )
  })
  // A path served with another method is a 405, any other a 404.
  app.notFound((c) => {
    const { pathname } = new URL(c.req.url)
    const known = app.routes.some((route) => route.path === c.req.path)
    return authErrorReply(
      known
        ? new AuthError(405, 'method_not_allowed', `${c.req.method} is not allowed on ${pathname}`)
        : new AuthError(
            404,
            'not_found',
            `The local auth has no ${pathname}: it serves what the console's sign-in uses`,
          ),
    )
  })
  app
    .post('/otp', limited('otp'), authBody, async (c) =>
      json(await auth.sendOtp(c.req.valid('json'), redirectTo(c))),
    )
    .post('/verify', limited('verify'), authBody, async (c) =>
      json(await auth.verify(c.req.valid('json'))),
    )
    .post('/token', refreshGrant, authBody, async (c) =>
      json(await auth.refresh(c.req.valid('json'))),
    )
    .get('/user', async (c) => json(await auth.user(bearer(c))))
    .post('/logout', async (c) => {
      await auth.logout(bearer(c), c.req.query('scope') ?? null)
      return new Response(null, { status: 204 })
    })
    .post('/invite', authBody, async (c) =>
      json(await auth.invite(bearer(c), c.req.valid('json'), redirectTo(c))),
    )
    .delete('/admin/users/:id', async (c) =>
      json(await auth.deleteUser(bearer(c), c.req.param('id'))),
    )
    .get('/settings', () => json(settings))
    .get('/health', () =>
      json({ name: 'local-auth', description: 'Supabase Auth stand-in for npm start' }),
    )
    // The access tokens are HS256 under a shared secret, which is never published: supabase-js's
    // getClaims then asks GET /user, as it does on a project with the legacy secret.
    .get('/.well-known/jwks.json', () => json({ keys: [] }))
  return async (
    request: Request,
    context: { clientAddress?: string | null } = {},
  ): Promise<Response> => app.fetch(request, context)
}
