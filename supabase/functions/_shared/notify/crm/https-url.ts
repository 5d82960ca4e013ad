const loopback = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The origin of a CRM's address from its setting: https, since a token travels with every
 * request, or http on this machine alone (a stand-in, a tunnel's local end).
 */
export function httpsOrigin(setting: string, value: string, example: string): string {
  const url = URL.canParse(value.trim()) ? new URL(value.trim()) : null
  const allowed =
    url !== null &&
    (url.protocol === 'https:' || (url.protocol === 'http:' && loopback.has(url.hostname)))
  if (!allowed) {
    throw new Error(
      `${setting} must be an https address such as ${example} (http only for localhost), not "${value}"`,
    )
  }
  return url.origin
}
