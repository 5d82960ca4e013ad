import { existsSync } from 'node:fs'
import { headersForPath, pageHeaderRules, sitePages } from '../scripts/hosting-headers.ts'

/**
 * Gives each page `serve` answers the headers a host sends it (scripts/hosting-headers.ts): the
 * Content-Security-Policy, which lets no page be framed (`frame-ancestors 'none'`), and the rest.
 * The policy names the inline scripts of the pages in `siteDir` as they are now, so a build made
 * while the server runs is served under its own; reading them costs a page a few milliseconds.
 * The function is on the same origin here, so `connect-src 'self'` reaches it; the booking pages
 * of `frameOrigins` (the routes', bookingFrameOrigins) may be framed.
 */
export function withPageHeaders(
  serve: (request: Request) => Promise<Response>,
  siteDir: string,
  frameOrigins: readonly string[],
): (request: Request) => Promise<Response> {
  return async (request) => {
    const reply = await serve(request)
    if (!reply.headers.get('content-type')?.startsWith('text/html')) return reply
    // Unbuilt, the one page is the note saying so, with no script of its own.
    const rules = pageHeaderRules(
      existsSync(siteDir) ? sitePages(siteDir) : [],
      undefined,
      frameOrigins,
    )
    // Set on the reply itself, never a copy (see static-files.ts).
    for (const [name, value] of headersForPath(rules, new URL(request.url).pathname)) {
      reply.headers.set(name, value)
    }
    return reply
  }
}
