import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { receivedAt } from './received-at.ts'

/** One request a stand-in API received. */
export interface ApiRequest {
  method: string
  path: string
  query: URLSearchParams
  headers: Record<string, string | string[] | undefined>
  /** The body as sent; '' for none. */
  body: string
  /** When its body had arrived: {@link receivedAt}. */
  receivedAt: number
}

/** A reply: its status, JSON body (none for a 204) and any headers beyond the content type. */
export interface ApiReply {
  status: number
  body: unknown
  headers?: Record<string, string>
}

/**
 * How a stand-in answers: as its API would; `fail` with a 500; `down` by closing the connection
 * without a reply, as an outage or a reset does.
 */
type ApiMode = 'answer' | 'fail' | 'down'

/** What `answer` may do besides replying: close the connection unanswered, as `down` does. */
export const hangUp = Symbol('hang up')

/** A local HTTP server answering with JSON, recording each request. */
export interface JsonApiStandIn {
  url: string
  requests: ApiRequest[]
  mode: ApiMode
  close(): Promise<void>
}

/**
 * Starts a stand-in on a port of its own, answering each request through `answer`: GETs only,
 * unless `methods` names more (an API that is written to as well as read).
 */
export async function startJsonApiStandIn(
  answer: (request: ApiRequest) => ApiReply | typeof hangUp,
  { methods = ['GET'] }: { methods?: readonly string[] } = {},
): Promise<JsonApiStandIn> {
  const requests: ApiRequest[] = []
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://stand-in')
      const request: ApiRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: receivedAt(),
      }
      requests.push(request)
      const reply =
        standIn.mode === 'down'
          ? hangUp
          : standIn.mode === 'fail'
            ? { status: 500, body: { message: 'Internal server error' } }
            : methods.includes(request.method)
              ? answer(request)
              : { status: 405, body: { message: `${methods.join(', ')} only` } }
      if (reply === hangUp) {
        incoming.socket.destroy()
        return
      }
      if (reply.status === 204) {
        response.writeHead(204, reply.headers)
        response.end()
        return
      }
      response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers })
      response.end(JSON.stringify(reply.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const standIn: JsonApiStandIn = {
    url: `http://127.0.0.1:${port}`,
    requests,
    mode: 'answer',
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return standIn
}
