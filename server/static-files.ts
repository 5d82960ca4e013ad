import { join } from 'node:path'
import { staticMiddleware } from 'srvx/static'

const notBuilt = () =>
  new Response('<h1>404</h1><p>Not built yet: run <code>npm run build</code>.</p>', {
    status: 404,
    headers: { 'content-type': 'text/html; charset=utf-8' },
  })

// Vite names the site's assets by their content, and the build names the full widget the loader
// fetches (`demo-request-full-<hash>.js`) by its content too: a new build gives new names, so a
// browser may keep them for good. Pages and the widget files partners embed keep their names: a
// browser asks again each time, and the ETag or Last-Modified srvx sends makes the answer a 304
// when nothing changed.
const forever = 'public, max-age=31536000, immutable'
const revalidate = 'no-cache'
const hashedWidgetFile = /^\/widget\/demo-request-full-[0-9a-f]+\.js$/

function withCaching(response: Response, cacheControl: string, status = response.status) {
  const headers = new Headers(response.headers)
  headers.set('cache-control', cacheControl)
  return new Response(response.body, { status, headers })
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
  const site = staticMiddleware({ ...options, dir: join(distDir, 'site') })
  const notFoundPage = async (request: Request) => {
    // Only the encodings carry over: the validators a client sends are not for this page.
    const encodings = request.headers.get('accept-encoding')
    const headers: HeadersInit = encodings ? { 'accept-encoding': encodings } : {}
    const page = await site(new Request(new URL('/404.html', request.url), { headers }), notBuilt)
    return page.ok ? withCaching(page, revalidate, 404) : page
  }

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
    if (/^\/404(\.html)?$/.test(pathname)) return notFoundPage(request)
    const cacheControl = pathname.startsWith('/assets/') ? forever : revalidate
    const reply = await site(request, () => notFoundPage(request))
    return reply.status === 404 ? reply : withCaching(reply, cacheControl)
  }
}
