import { originMatches } from './allowed-origin.ts'

// What supabase-js sends with a function call, plus the form's idempotency key and proof.
const allowedHeaders = [
  'authorization',
  'x-client-info',
  'apikey',
  'content-type',
  'x-retry-count',
  'traceparent',
  'tracestate',
  'baggage',
  'idempotency-key',
  'proof-of-work',
].join(', ')

/**
 * CORS headers for a reply to `origin`, allowing `methods`. They go on errors too, or the browser hides the error
 * body from the form and reports a bare network failure.
 */
export function corsHeaders(
  origin: string | null,
  methods = 'GET, POST, OPTIONS',
): Record<string, string> {
  const headers: Record<string, string> = {
    'access-control-allow-methods': methods,
    'access-control-allow-headers': allowedHeaders,
    'access-control-expose-headers': 'Retry-After',
    // Chromium caps the preflight cache at two hours.
    'access-control-max-age': '7200',
    vary: 'Origin',
  }
  if (origin !== null) headers['access-control-allow-origin'] = origin
  return headers
}

/**
 * The entry that lets a browser on `origin` call the function: the first of `allowedOrigins` (an
 * origin or a `https://*.partner.com` pattern) that matches it, else the function's own origin
 * when it is that, else `null`. The own origin may be given as a function, asked only when no
 * entry matches.
 */
export function allowedOriginEntry(
  origin: string,
  allowedOrigins: readonly string[],
  ownOrigin: string | (() => string),
): string | null {
  const entry = allowedOrigins.find((pattern) => originMatches(origin, pattern))
  if (entry !== undefined) return entry
  const own = typeof ownOrigin === 'string' ? ownOrigin : ownOrigin()
  return origin === own ? own : null
}

/** Whether a browser on `origin` may call the function (see {@link allowedOriginEntry}). */
export function isAllowedOrigin(
  origin: string,
  allowedOrigins: readonly string[],
  ownOrigin: string | (() => string),
): boolean {
  return allowedOriginEntry(origin, allowedOrigins, ownOrigin) !== null
}
