import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request a stand-in API received. */
export interface ApiRequest {
  path: string
  query: URLSearchParams
  headers: Record<string, string | string[] | undefined>
}

/** A reply: its status and JSON body. */
export interface ApiReply {
  status: number
  body: unknown
}

/**
 * How a stand-in answers: as its API would; `fail` with a 500; `down` by closing the connection
 * without a reply, as an outage or a reset does.
 */
type ApiMode = 'answer' | 'fail' | 'down'

/** A local HTTP server answering GETs with JSON, recording each request. */
export interface JsonApiStandIn {
  url: string
  requests: ApiRequest[]
  mode: ApiMode
  close(): Promise<void>
}

/** Starts a stand-in on a port of its own, answering each GET through `answer`. */
export async function startJsonApiStandIn(
  answer: (request: ApiRequest) => ApiReply,
): Promise<JsonApiStandIn> {
  const requests: ApiRequest[] = []
  const server = createServer((incoming, response) => {
    const url = new URL(incoming.url ?? '/', 'http://stand-in')
    const request = { path: url.pathname, query: url.searchParams, headers: incoming.headers }
    requests.push(request)
    if (standIn.mode === 'down') {
      incoming.socket.destroy()
      return
    }
    const { status, body } =
      standIn.mode === 'fail'
        ? { status: 500, body: { message: 'Internal server error' } }
        : incoming.method === 'GET'
          ? answer(request)
          : { status: 405, body: { message: 'GET only' } }
    response.writeHead(status, { 'content-type': 'application/json' })
    response.end(JSON.stringify(body))
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
