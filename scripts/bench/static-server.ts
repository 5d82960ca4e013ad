import { readFile, stat } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { gzipSync } from 'node:zlib'

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
}
const compressible = new Set(['.html', '.js', '.css', '.json', '.svg', '.xml', '.txt'])

/** A plain static server on a free loopback port. */
export interface StaticServer {
  url: string
  close(): Promise<void>
}

async function fileAt(path: string): Promise<Buffer | null> {
  const info = await stat(path).catch(() => null)
  return info?.isFile() ? readFile(path) : null
}

/**
 * Serves `root` as a CDN would: `/x` is `x/index.html` when that exists, and text is sent as the
 * build's brotli or gzip copy when there is one, else gzipped now. `pages` adds pages by path.
 * On `port`, or a free one.
 */
export async function startStaticServer(
  root: string,
  pages: Record<string, string> = {},
  port = 0,
): Promise<StaticServer> {
  const server: Server = createServer(async (request, response) => {
    try {
      const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)
      const accepts = String(request.headers['accept-encoding'] ?? '')
      const page = pages[path]
      if (page !== undefined) return send(response, '.html', Buffer.from(page), accepts)
      const file = join(root, normalize(path).replace(/^(\.\.[/\\])+/, ''))
      for (const candidate of [file, join(file, 'index.html'), `${file}.html`]) {
        const bytes = await fileAt(candidate)
        if (bytes === null) continue
        const ext = extname(candidate)
        if (accepts.includes('br')) {
          const br = await fileAt(`${candidate}.br`)
          if (br) return send(response, ext, br, accepts, 'br')
        }
        return send(response, ext, bytes, accepts)
      }
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
    } catch (error) {
      response.writeHead(500).end(String(error))
    }
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const { port: listening } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${listening}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function send(
  response: import('node:http').ServerResponse,
  ext: string,
  bytes: Buffer,
  accepts: string,
  encoding?: 'br',
) {
  const headers: Record<string, string> = {
    'content-type': types[ext] ?? 'application/octet-stream',
    'cache-control': 'no-cache',
  }
  let body = bytes
  if (encoding) headers['content-encoding'] = encoding
  else if (compressible.has(ext) && bytes.length > 1024 && accepts.includes('gzip')) {
    body = gzipSync(bytes)
    headers['content-encoding'] = 'gzip'
  }
  headers['content-length'] = String(body.length)
  response.writeHead(200, headers).end(body)
}
