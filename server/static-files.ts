import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { FastResponse } from 'srvx'
import { staticMiddleware } from 'srvx/static'

const notBuilt = () =>
  new Response('<h1>404</h1><p>Not built yet: run <code>npm run build</code>.</p>', {
    status: 404,
    headers: { 'content-type': 'text/html; charset=utf-8' },
  })

// Vite names the site's assets by their content, and the build names the full widget and the
// static form script the loader fetches (`demo-request-full-<hash>.js`,
// `demo-request-static-<hash>.js`), each language's words (`demo-request-copy-<lang>-<hash>.js`)
// and the module's chunks (`demo-request-module-<name>-<hash>.js`) by their content too: a new
// build gives new names, so a
// browser may keep them for good. Pages and the widget files partners embed keep their names: a
// browser asks again each time, and the ETag or Last-Modified srvx sends makes the answer a 304
// when nothing changed.
const forever = 'public, max-age=31536000, immutable'
const revalidate = 'no-cache'
const hashedWidgetFile =
  /^\/widget\/demo-request-(?:(?:full|static|copy-[a-z-]+)-[0-9a-f]+|module-[\w-]+)\.js$/

// Set on srvx's own response, never copied into a new one: a copy would turn the file's Node
// stream into a web stream, which Node 20 sometimes closes twice (an error after the reply).
function withCaching(response: Response, cacheControl: string) {
  response.headers.set('cache-control', cacheControl)
  return response
}

const encodings = [
  ['br', '.br'],
  ['gzip', '.gz'],
  ['', ''],
] as const

// srvx serves a file with status 200; the 404 page is read here, in the encoding the client
// takes (the build writes its brotli and gzip copies beside it), and sent with 404.
async function notFoundPage(siteDir: string, request: Request): Promise<Response> {
  const accepts = request.headers.get('accept-encoding') ?? ''
  for (const [encoding, suffix] of encodings) {
    if (encoding && !accepts.includes(encoding)) continue
    const bytes = await readFile(join(siteDir, `404.html${suffix}`)).catch(() => null)
    if (!bytes) continue
    const headers: Record<string, string> = {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': revalidate,
      vary: 'accept-encoding',
    }
    if (encoding) headers['content-encoding'] = encoding
    return new FastResponse(request.method === 'HEAD' ? null : bytes, { status: 404, headers })
  }
  return notBuilt()
}

/**
 * Serves `dist/`: the widget under `/widget/`, and the built site at `/`, with `/request-demo`
 * from `request-demo/index.html` and the site's 404 page, with status 404, for the rest. Files
 * are looked up per request, so a build made while the server runs shows without a restart.
 * The brotli and gzip copies the build writes beside each file are sent to clients that take
 * them; nothing is compressed per request.
 */
export function createStaticFiles(distDir: string): (request: Request) => Promise<Response> {
  const options = { methods: ['GET', 'HEAD'], compress: false, encodings: true }
  const widget = staticMiddleware({ ...options, dir: join(distDir, 'widget') })
  const siteDir = join(distDir, 'site')
  const site = staticMiddleware({ ...options, dir: siteDir })
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method not allowed', { status: 405, headers: { allow: 'GET, HEAD' } })
    }
    const { pathname } = new URL(request.url)
    if (pathname.startsWith('/widget/')) {
      const file = new URL(pathname.slice('/widget'.length), request.url)
      const reply = await widget(new Request(file, request), notBuilt)
      const hashed = hashedWidgetFile.test(pathname) && reply.status !== 404
      return withCaching(reply, hashed ? forever : revalidate)
    }
    // Pages have one address each, the one the router knows: `/request-demo`, never
    // `/request-demo/index.html`; `/404` and `/404.html` are not pages but the reply to misses.
    if (pathname.endsWith('/index.html')) {
      const page = pathname.slice(0, -'/index.html'.length) || '/'
      return new Response(null, { status: 308, headers: { location: page } })
    }
    if (/^\/404(\.html)?$/.test(pathname)) return notFoundPage(siteDir, request)
    const cacheControl = pathname.startsWith('/assets/') ? forever : revalidate
    const reply = await site(request, () => notFoundPage(siteDir, request))
    return reply.status === 404 ? reply : withCaching(reply, cacheControl)
  }
}
