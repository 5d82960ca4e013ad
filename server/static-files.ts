import { join } from 'node:path'
import { staticMiddleware } from 'srvx/static'

const notBuilt = () =>
  new Response('<h1>404</h1><p>Not built yet: run <code>npm run build</code>.</p>', {
    status: 404,
    headers: { 'content-type': 'text/html; charset=utf-8' },
  })

/**
 * Serves `dist/`: the widget under `/widget/`, and the built site at `/`, with `/request-demo`
 * from `request-demo/index.html` and the site's 404 page, with status 404, for the rest. Files
 * are looked up per request, so a build made while the server runs shows without a restart.
 */
export function createStaticFiles(distDir: string): (request: Request) => Promise<Response> {
  const options = { methods: ['GET', 'HEAD'], compress: false }
  const widget = staticMiddleware({ ...options, dir: join(distDir, 'widget') })
  const site = staticMiddleware({ ...options, dir: join(distDir, 'site') })
  const notFoundPage = async (request: Request) => {
    const page = await site(new Request(new URL('/404.html', request.url)), notBuilt)
    return page.ok ? new Response(page.body, { status: 404, headers: page.headers }) : page
  }

  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method not allowed', { status: 405, headers: { allow: 'GET, HEAD' } })
    }
    const { pathname } = new URL(request.url)
    if (pathname.startsWith('/widget/')) {
      const file = new URL(pathname.slice('/widget'.length), request.url)
      return widget(new Request(file, request), notBuilt)
    }
    // Pages have one address each, the one the router knows: `/request-demo`, never
    // `/request-demo/index.html`; `/404` and `/404.html` are not pages but the reply to misses.
    if (pathname.endsWith('/index.html')) {
      const page = pathname.slice(0, -'/index.html'.length) || '/'
      return new Response(null, { status: 308, headers: { location: page } })
    }
    if (/^\/404(\.html)?$/.test(pathname)) return notFoundPage(request)
    return site(request, () => notFoundPage(request))
  }
}
