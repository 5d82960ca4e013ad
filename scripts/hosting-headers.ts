// Prints the headers the built site and widget need from a static host or CDN, in the `_headers`
// format Netlify and Cloudflare Pages read; other hosts take the same names and values. The CSP
// names the hash of each inline <script> and <style> the prerendered pages carry, so it is made
// from the build: `npm run --silent hosting-headers -- https://YOUR_PROJECT_REF.supabase.co`.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

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

/**
 * The `_headers` text for the site in `siteDir`, whose form posts to `functionsOrigin`; the
 * console signs in and reads its API there too, so connect-src names it. The console is for
 * staff: search engines are told not to index it by a header as well as by its page.
 */
export function hostingHeaders(siteDir: string, functionsOrigin?: string): string {
  const pages = readdirSync(siteDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.html'),
  )
  const hashes = { script: new Set<string>(), style: new Set<string>() }
  for (const page of pages) {
    const html = readFileSync(join(siteDir, page), 'utf8')
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
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
  return `/*
  Content-Security-Policy: ${policy}
  X-Content-Type-Options: nosniff
  Referrer-Policy: strict-origin-when-cross-origin
/console
  X-Robots-Tag: noindex
/assets/*
  Cache-Control: ${forever}
/widget/*
  Access-Control-Allow-Origin: *
${namedWidgetFiles.map((file) => `/widget/${file}\n  Cache-Control: ${briefly}\n`).join('')}/widget/demo-request-full-*
  Cache-Control: ${forever}
/widget/demo-request-static-*
  Cache-Control: ${forever}
/widget/demo-request-copy-*
  Cache-Control: ${forever}
/widget/demo-request-module-*
  Cache-Control: ${forever}
`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(hostingHeaders(process.argv[3] ?? 'dist/site', process.argv[2]))
}
