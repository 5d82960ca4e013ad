interface OriginParts {
  protocol: string
  hostname: string
  port: string
}

// An origin as scheme, host and port, or `null` when `text` is not one (`null`, a path, a user).
function originParts(text: string): OriginParts | null {
  const url = URL.parse(text)
  if (url === null || !['http:', 'https:'].includes(url.protocol)) return null
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null
  // URL lower-cases the host and drops a default port, so `HTTPS://A.com:443/` is `https://a.com`.
  return { protocol: url.protocol, hostname: url.hostname, port: url.port }
}

// The patterns are the settings' few: each is parsed once, and the request's origin is the only
// address parsed on a lead's way.
const parsedPatterns = new Map<string, OriginParts | null>()

function patternParts(pattern: string): OriginParts | null {
  let parts = parsedPatterns.get(pattern)
  if (parts === undefined) {
    parts = originParts(pattern)
    parsedPatterns.set(pattern, parts)
  }
  return parts
}

/**
 * Whether `origin` (a request's `Origin` header) is one that `pattern` allows. A pattern is an
 * origin (`https://partner.com`) or one whose host starts with `*.` (`https://*.partner.com`):
 * that matches any subdomain of `partner.com`, however deep, but not `partner.com` itself.
 * Scheme and port must match exactly; a missing port is the scheme's default.
 */
export function originMatches(origin: string, pattern: string): boolean {
  const site = originParts(origin)
  const allowed = patternParts(pattern)
  if (site === null || allowed === null) return false
  if (site.protocol !== allowed.protocol || site.port !== allowed.port) return false
  if (!allowed.hostname.startsWith('*.')) return site.hostname === allowed.hostname
  // The dot stays in the suffix, so `*.partner.com` never matches `evilpartner.com`.
  return site.hostname.endsWith(allowed.hostname.slice(1))
}

/**
 * What is wrong with `pattern` as an allowed origin, or `null` if nothing is: it must be an
 * http(s) origin, and a `*` may only stand for the first labels of a host with two or more left.
 */
export function originPatternProblem(pattern: string): string | null {
  if (pattern === '*')
    return 'allows every site: list each origin, or a pattern like https://*.partner.com'
  if (!/^https?:\/\//i.test(pattern))
    return 'needs http:// or https:// in front, like https://partner.com'
  const parts = originParts(pattern)
  if (parts === null) return 'is not an origin: a scheme and a host, with no path'
  const wildcard = parts.hostname.startsWith('*.') ? parts.hostname.slice(2) : parts.hostname
  if (wildcard.includes('*'))
    return 'may have * only as its first label, like https://*.partner.com'
  if (parts.hostname.startsWith('*.') && wildcard.split('.').length < 2) {
    return 'matches a whole top-level domain: name the site, like https://*.partner.com'
  }
  return null
}
