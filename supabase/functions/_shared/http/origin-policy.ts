import type { Handler, MiddlewareHandler } from 'hono'
import { corsHeaders, isAllowedOrigin } from './cors.ts'
import type { FunctionEnv } from './function-env.ts'
import { refusal } from './refusal.ts'

/** Which pages a route answers, and how it refuses the others. */
export interface OriginPolicy {
  /**
   * ALLOWED_ORIGINS: origins (`https://partner.com`) and patterns (`https://*.partner.com`);
   * the function's own origin always passes.
   */
  allowedOrigins: readonly string[]
  /** What a preflight allows (`Access-Control-Allow-Methods`); `GET, POST, OPTIONS` unless said. */
  methods?: string
  /** The code and words of a refusal (a 403), for the page's `Origin`, or null when it named none. */
  refused: { code: string; message: (origin: string | null) => string }
  /**
   * Whether a request naming no origin is refused. A browser always names one, so such a request
   * is not from a web page (a server, curl); most routes let it through.
   */
  requireOrigin?: boolean
  /**
   * Whether `Origin: null` (a sandboxed frame, a beacon under Referrer-Policy no-referrer) passes,
   * never echoed back: the route then checks the page the request names itself.
   */
  opaqueOrigin?: boolean
  /** Told each origin refused, so the operator can learn which to allow. */
  onRefused?: (origin: string) => void
}

/**
 * Lets through requests from the pages `policy` allows, with the CORS headers for their origin
 * (set as `cors` for every later reply, errors too, or the browser hides them from the page);
 * refuses the rest with a 403 that has no `Access-Control-Allow-Origin`, so a refused page
 * learns nothing but that it was refused.
 */
export function allowedOrigin(policy: OriginPolicy): MiddlewareHandler<FunctionEnv> {
  return async (c, next) => {
    const origin = c.req.header('origin') ?? null
    const opaque = policy.opaqueOrigin === true && origin === 'null'
    const allowed =
      origin === null
        ? policy.requireOrigin !== true
        : opaque || isAllowedOrigin(origin, policy.allowedOrigins, () => new URL(c.req.url).origin)
    c.set('cors', corsHeaders(allowed && !opaque ? origin : null, policy.methods))
    if (allowed) return next()
    if (origin !== null) policy.onRefused?.(origin)
    throw await refusal(c.req.raw, {
      status: 403,
      code: policy.refused.code,
      message: policy.refused.message(origin),
    })
  }
}

/** A preflight's answer: 204 with the CORS headers `allowedOrigin` chose. */
export const preflight: Handler<FunctionEnv> = (c) =>
  new Response(null, { status: 204, headers: c.get('cors') })
