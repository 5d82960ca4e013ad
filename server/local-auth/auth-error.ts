/**
 * A refusal as Supabase Auth words it: its HTTP status, its `error_code` (supabase-js reads
 * `code` from API version 2024-01-01 on) and its message, taken from supabase/auth's
 * internal/api so that supabase-js raises the same AuthApiError here as on Supabase.
 */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** For a 429: whole seconds until the request may be made again (Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(message)
    this.name = 'AuthError'
  }
}

/** The API version supabase-js asks for and Supabase Auth echoes back. */
const apiVersion = '2024-01-01'

/** A JSON reply with the API version header supabase-js reads error bodies by. */
export function authJson(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'x-supabase-api-version': apiVersion,
    },
  })
}

/** The body Supabase Auth sends for a refusal under API version 2024-01-01. */
export function authErrorReply(error: AuthError): Response {
  const reply = authJson(error.status, { code: error.code, message: error.message })
  reply.headers.set('x-sb-error-code', error.code)
  if (error.retryAfter !== undefined) reply.headers.set('retry-after', String(error.retryAfter))
  return reply
}
