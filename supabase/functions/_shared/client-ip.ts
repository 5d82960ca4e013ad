/**
 * The visitor's address as Supabase's edge reports it. Cloudflare sets CF-Connecting-IP and
 * X-Real-IP itself; the leftmost X-Forwarded-For entry is whatever the client claimed, so only
 * the rightmost one, added by the last proxy, is used as a fallback.
 */
export function platformClientIp(request: Request): string | null {
  const direct =
    request.headers.get('cf-connecting-ip')?.trim() || request.headers.get('x-real-ip')?.trim()
  if (direct) return direct
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')
  return forwarded?.at(-1)?.trim() || null
}
