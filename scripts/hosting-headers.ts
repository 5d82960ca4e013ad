// Prints the headers the built site and widget need from a static host or CDN, in the `_headers`
// format Netlify and Cloudflare Pages read; other hosts take the same names and values. The CSP
// names the hash of each inline <script> and <style> the prerendered pages carry, so it is made
// from the build: `npm run --silent hosting-headers -- https://YOUR_PROJECT_REF.supabase.co`,
// with the function's DEMO_REQUEST_ROUTES set, whose booking pages the site's form frames.
// The pages' own headers, which `npm start` sends as well, are made in server/page-headers.ts.
import { fileURLToPath } from 'node:url'
import { parseRoutes, type Route } from '#shared/booking/routes.ts'
import {
  bookingFrameOrigins,
  type HeaderRule,
  pageHeaderRules,
  sitePages,
} from '../server/page-headers.ts'

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
