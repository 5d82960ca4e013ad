import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request the stand-in received. */
interface ReceivedEmail {
  headers: Record<string, string | string[] | undefined>
  body: Record<string, unknown>
}

/** A local stand-in for Resend's send-email endpoint that records what it receives. */
export interface EmailApiStandIn {
  url: string
  received: ReceivedEmail[]
  /** What the next requests get: accepted, an error status, or no answer at all. */
  mode: 'accept' | 'fail' | 'hang'
  close(): Promise<void>
}

export async function startEmailApiStandIn(): Promise<EmailApiStandIn> {
  const received: ReceivedEmail[] = []
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({
        headers: request.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'),
      })
      if (standIn.mode === 'hang') return
      const ok = standIn.mode === 'accept'
      response.writeHead(ok ? 200 : 500, { 'content-type': 'application/json' })
      response.end(JSON.stringify(ok ? { id: `email-${received.length}` } : { error: 'down' }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const standIn: EmailApiStandIn = {
    url: `http://127.0.0.1:${port}/emails`,
    received,
    mode: 'accept',
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return standIn
}
