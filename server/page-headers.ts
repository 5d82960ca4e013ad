// The headers the site's pages are sent wherever they are served: by a static host or CDN
// (scripts/hosting-headers.ts writes them in its `_headers` format, with the host's own caching
// rules) and by `npm start`, which adds them to each page it serves.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Route } from '#shared/booking/routes.ts'
import { frameProtocols } from '../src/booking/frame-protocols.ts'

/** A `_headers` rule: the path it covers (a trailing `*` covers those it begins) and its headers. */
export interface HeaderRule {
  path: string
  headers: [name: string, value: string][]
}

// The pages of `siteDir`, the built site, by their paths in it.
const pageFiles = (siteDir: string) =>
  readdirSync(siteDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.html'),
  )

/** The HTML of every page in `siteDir`, the built site. */
export function sitePages(siteDir: string): string[] {
  return pageFiles(siteDir).map((page) => readFileSync(join(siteDir, page), 'utf8'))
}

/**
 * The origins the booking panel frames for `routes` (DEMO_REQUEST_ROUTES), the frame's own as
 * each scheduler's protocol makes it (cal.com's pages from app.cal.com); a plain link frames none.
 */
export function bookingFrameOrigins(routes: readonly Route[]): string[] {
  const origins = routes.flatMap((route) =>
    route.kind === 'book' && route.provider !== 'link'
      ? [new URL(frameProtocols[route.provider].frameUrl(route.book, 'localhost')).origin]
      : [],
  )
  return [...new Set(origins)]
}

/**
 * The headers the site's pages (their HTML in `pages`) are sent wherever they are served, by a
 * host and by `npm start` alike, for a form that posts to `functionsOrigin`; the console signs in
 * and reads its API there too, so connect-src names it. The form's booking panel may frame the
 * pages of `frameOrigins` (bookingFrameOrigins); no page may itself be framed. The console is for
 * staff: search engines are told not to index it by a header as well as by its page, and
 * neither a share link's page.
 */
export function pageHeaderRules(
  pages: readonly string[],
  functionsOrigin?: string,
  frameOrigins: readonly string[] = [],
): HeaderRule[] {
  const hashes = { script: new Set<string>(), style: new Set<string>() }
  for (const html of pages) {
    for (const [, tag, body = ''] of html.matchAll(
      /<(script|style)(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\//g,
    )) {
      hashes[tag as 'script' | 'style'].add(
        `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
      )
    }
  }
  const connect = functionsOrigin ? ` ${new URL(functionsOrigin).origin}` : ''
  const policy = [
    "default-src 'self'",
    ["script-src 'self'", ...hashes.script].join(' '),
    ["style-src 'self'", ...hashes.style].join(' '),
    `connect-src 'self'${connect}`,
    ...(frameOrigins.length ? [["frame-src 'self'", ...frameOrigins].join(' ')] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
  return [
    {
      path: '/*',
      headers: [
        ['Content-Security-Policy', policy],
        ['X-Content-Type-Options', 'nosniff'],
        ['Referrer-Policy', 'strict-origin-when-cross-origin'],
      ],
    },
    { path: '/console', headers: [['X-Robots-Tag', 'noindex']] },
    // A share link's page, for whoever holds the link: never indexed either.
    { path: '/share', headers: [['X-Robots-Tag', 'noindex']] },
  ]
}

/** The headers of every rule that covers `pathname`, in order, as hosts apply them. */
export function headersForPath(rules: readonly HeaderRule[], pathname: string) {
  return rules
    .filter(({ path }) =>
      path.endsWith('*') ? pathname.startsWith(path.slice(0, -1)) : pathname === path,
    )
    .flatMap(({ headers }) => headers)
}

/**
 * Gives each page `serve` answers the headers a host sends it: the
 * Content-Security-Policy, which lets no page be framed (`frame-ancestors 'none'`), and the rest.
 * The policy names the inline scripts of the pages in `siteDir` as they are now, so a build made
 * while the server runs is served under its own: the pages are read again once one of them
 * changed, and otherwise only looked at (their sizes and times), not read and hashed.
 * The function is on the same origin here, so `connect-src 'self'` reaches it; the booking pages
 * of `frameOrigins` (the routes', bookingFrameOrigins) may be framed.
 */
export function withPageHeaders(
  serve: (request: Request) => Promise<Response>,
  siteDir: string,
  frameOrigins: readonly string[],
): (request: Request) => Promise<Response> {
  let made: { pages: string; rules: HeaderRule[] } | null = null
  const currentRules = () => {
    // Unbuilt, the one page is the note saying so, with no script of its own.
    const files = existsSync(siteDir) ? pageFiles(siteDir) : []
    const pages = files
      .map((file) => {
        const { size, mtimeMs } = statSync(join(siteDir, file))
        return `${file} ${size} ${mtimeMs}`
      })
      .join('\n')
    if (made?.pages !== pages) {
      const html = files.map((file) => readFileSync(join(siteDir, file), 'utf8'))
      made = { pages, rules: pageHeaderRules(html, undefined, frameOrigins) }
    }
    return made.rules
  }
  return async (request) => {
    const reply = await serve(request)
    if (!reply.headers.get('content-type')?.startsWith('text/html')) return reply
    const rules = currentRules()
    // Set on the reply itself, never a copy (see static-files.ts).
    for (const [name, value] of headersForPath(rules, new URL(request.url).pathname)) {
      reply.headers.set(name, value)
    }
    return reply
  }
}
