// Prints the headers the built site and widget need from a static host or CDN, in the `_headers`
// format Netlify and Cloudflare Pages read; other hosts take the same names and values. The CSP
// names the hash of each inline <script> and <style> the prerendered pages carry, so it is made
// from the build: `npm run --silent hosting-headers -- https://YOUR_PROJECT_REF.supabase.co`,
// with the function's DEMO_REQUEST_ROUTES set, whose booking pages the site's form frames.
// `npm start` sends every page the same page headers (server/page-headers.ts).
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseRoutes, type Route } from '#shared/booking/routes.ts'
import { frameProtocols } from '../src/booking/frame-protocols.ts'

// The widget files partners and bundlers name, which change in place: briefly cached. The full
// widget and the static form script the loader fetches, each language's words and the module's
// chunks are named by their content, so they are cached for good. One rule sets
// Cache-Control for each path: hosts apply every rule that matches and join repeated headers.
const namedWidgetFiles = [
  'demo-request-loader.js',
  'demo-request.js',
  'demo-request.module.js',
  'demo-request.d.ts',
  'custom-elements.json',
]
const briefly = 'public, max-age=300, stale-while-revalidate=86400'
const forever = 'public, max-age=31536000, immutable'

/** A `_headers` rule: the path it covers (a trailing `*` covers those it begins) and its headers. */
export interface HeaderRule {
  path: string
  headers: [name: string, value: string][]
}

/** The HTML of every page in `siteDir`, the built site. */
export function sitePages(siteDir: string): string[] {
  return readdirSync(siteDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map((page) => readFileSync(join(siteDir, page), 'utf8'))
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
 * staff: search engines are told not to index it by a header as well as by its page.
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

// What a host adds to the pages' headers: how long each file may be cached, and the widget's
// files open to every partner's page.
const hostRules: HeaderRule[] = [
  { path: '/assets/*', headers: [['Cache-Control', forever]] },
  { path: '/widget/*', headers: [['Access-Control-Allow-Origin', '*']] },
  ...namedWidgetFiles.map(
    (file): HeaderRule => ({
      path: `/widget/${file}`,
      headers: [['Cache-Control', briefly]],
    }),
  ),
  ...['full', 'static', 'copy', 'module'].map(
    (kind): HeaderRule => ({
      path: `/widget/demo-request-${kind}-*`,
      headers: [['Cache-Control', forever]],
    }),
  ),
]

/**
 * The `_headers` text for the site in `siteDir`, whose form posts to `functionsOrigin` and frames
 * the booking pages of `routes`.
 */
export function hostingHeaders(
  siteDir: string,
  functionsOrigin?: string,
  routes: readonly Route[] = [],
): string {
  const pageRules = pageHeaderRules(
    sitePages(siteDir),
    functionsOrigin,
    bookingFrameOrigins(routes),
  )
  return [...pageRules, ...hostRules]
    .map(
      ({ path, headers }) =>
        `${path}\n${headers.map(([name, value]) => `  ${name}: ${value}\n`).join('')}`,
    )
    .join('')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // The routes the function is given: the site's form shows their booking pages.
  const routes = parseRoutes(process.env.DEMO_REQUEST_ROUTES)
  process.stdout.write(hostingHeaders(process.argv[3] ?? 'dist/site', process.argv[2], routes))
}
