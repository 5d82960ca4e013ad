import { readFile, stat } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'
import { demoPage } from './demo-page.ts'

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.d.ts': 'text/plain; charset=utf-8',
}

const isFile = (path: string) =>
  stat(path).then(
    (info) => info.isFile(),
    () => false,
  )

// A path inside `root`, or null for anything that tries to leave it.
function inside(root: string, urlPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0')) return null
  const path = normalize(join(root, decoded))
  return path === root || path.startsWith(root + sep) ? path : null
}

async function fileReply(path: string, status = 200): Promise<Response> {
  const type = contentTypes[extname(path)] ?? 'application/octet-stream'
  return new Response(await readFile(path), {
    status,
    headers: {
      'content-type': type,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-cache',
    },
  })
}

const html = (body: string, status: number) =>
  new Response(body, { status, headers: { 'content-type': contentTypes['.html'] ?? '' } })

/**
 * Serves `dist/`: the widget under `/widget/`, and the built site at `/` once `dist/site`
 * exists, with `/request-demo` from `request-demo/index.html` and its 404 page for the rest.
 * Before the site is built, `/` is a demo page embedding the widget. Looked up per request, so
 * a build made while the server runs shows up without a restart.
 */
export function createStaticFiles(distDir: string): (request: Request) => Promise<Response> {
  const widgetDir = join(distDir, 'widget')
  const siteDir = join(distDir, 'site')

  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method not allowed', { status: 405, headers: { allow: 'GET, HEAD' } })
    }
    const { pathname, origin } = new URL(request.url)

    if (pathname.startsWith('/widget/')) {
      const path = inside(widgetDir, pathname.slice('/widget/'.length))
      if (path !== null && (await isFile(path))) return fileReply(path)
      return html('<h1>404</h1><p>Not built: run <code>npm run build</code>.</p>', 404)
    }

    if (await isFile(join(siteDir, 'index.html'))) {
      // Pages have one address each, the one the router knows: `/request-demo`, never
      // `/request-demo/index.html`; `/404` and `/404.html` are not pages but the reply to misses.
      if (pathname.endsWith('/index.html')) {
        const page = pathname.slice(0, -'/index.html'.length) || '/'
        return new Response(null, { status: 308, headers: { location: page } })
      }
      const path = pathname.endsWith('.html') ? null : inside(siteDir, pathname)
      if (path !== null) {
        for (const candidate of [path, join(path, 'index.html')]) {
          if (await isFile(candidate)) return fileReply(candidate)
        }
      }
      const notFound = join(siteDir, '404.html')
      if (await isFile(notFound)) return fileReply(notFound, 404)
      return html('<h1>404</h1>', 404)
    }

    if (pathname === '/' || pathname === '/index.html') return html(demoPage(origin), 200)
    return html('<h1>404</h1><p><a href="/">Return to Home</a></p>', 404)
  }
}
