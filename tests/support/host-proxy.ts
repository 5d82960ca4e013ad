// An HTTP proxy that gives a browser a host name for 127.0.0.1, for engines that take no host
// resolver rules (Firefox, WebKitGTK): a page served as `http://partner.test:<port>/` is on an
// origin of its own that is not localhost, so not a secure context. Other hosts pass through.
import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface HostProxy {
  /** `127.0.0.1:<port>`, as browsers' proxy settings take it. */
  address: string
  port: number
  close(): Promise<void>
}

export async function startHostProxy(host: string): Promise<HostProxy> {
  const server = createServer((incoming, outgoing) => {
    // A proxy is asked for the whole URL.
    const target = new URL(incoming.url ?? '/')
    const upstream = request(
      {
        hostname: target.hostname === host ? '127.0.0.1' : target.hostname,
        port: target.port || 80,
        path: `${target.pathname}${target.search}`,
        method: incoming.method,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      },
    )
    upstream.on('error', () => outgoing.destroy())
    incoming.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    address: `127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
