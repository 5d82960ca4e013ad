/**
 * The header Supabase's edge fills with the visitor's address. Hosted functions sit behind
 * Cloudflare, which writes CF-Connecting-IP itself and replaces any value a client sent
 * (https://developers.cloudflare.com/fundamentals/reference/http-headers/; which header to trust
 * on Supabase: https://github.com/orgs/supabase/discussions/52040). X-Real-IP and
 * X-Forwarded-For are not used: where no proxy rewrites them, a client picks its own bucket.
 */
export const supabaseClientIpHeader = 'cf-connecting-ip'

/**
 * The one header trusted for the client's address: `CLIENT_IP_HEADER` when set, else Supabase's
 * on Supabase (which sets `SB_REGION` in every function), else none: the socket address counts.
 */
export function trustedClientIpHeader(env: (name: string) => string | undefined): string | null {
  const configured = env('CLIENT_IP_HEADER')?.trim().toLowerCase()
  if (configured) return configured
  return env('SB_REGION') ? supabaseClientIpHeader : null
}

/** The client's address: the trusted header's single value, else the socket's. */
export function clientIp(
  request: Request,
  trustedHeader: string | null,
  socketAddress: string | null,
): string | null {
  const claimed = trustedHeader === null ? null : request.headers.get(trustedHeader)?.trim()
  // A list means the header was appended to rather than set by the proxy: not trusted.
  return claimed && !claimed.includes(',') ? claimed : socketAddress
}
