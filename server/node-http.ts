import type { IncomingMessage, ServerResponse } from 'node:http'

// The request body as a web stream that can be cancelled without destroying the socket, so a
// 413 still reaches the client. Cancelling discards whatever else arrives.
function bodyStream(request: IncomingMessage): ReadableStream<Uint8Array> {
  let cancelled = false
  return new ReadableStream<Uint8Array>({
    start(controller) {
      request.on('data', (chunk: Buffer) => {
        if (cancelled) return
        controller.enqueue(new Uint8Array(chunk))
        if ((controller.desiredSize ?? 0) <= 0) request.pause()
      })
      request.once('end', () => {
        if (!cancelled) controller.close()
      })
      request.once('error', (error) => {
        if (!cancelled) controller.error(error)
      })
      request.pause()
    },
    pull() {
      request.resume()
    },
    cancel() {
      cancelled = true
      request.resume()
    },
  })
}

/** A web `Request` for a Node request; `null` when its Host header makes no URL. */
export function toWebRequest(request: IncomingMessage): Request | null {
  let url: URL
  try {
    url = new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`)
  } catch {
    return null
  }
  const headers = new Headers()
  for (let index = 0; index < request.rawHeaders.length; index += 2) {
    headers.append(request.rawHeaders[index] ?? '', request.rawHeaders[index + 1] ?? '')
  }
  const method = request.method ?? 'GET'
  const hasBody = method !== 'GET' && method !== 'HEAD'
  return new Request(url, {
    method,
    headers,
    body: hasBody ? bodyStream(request) : null,
    // Node's fetch needs this to accept a stream as a request body.
    duplex: 'half',
  } as RequestInit)
}

/** Writes a web `Response` to a Node response. */
export async function sendWebResponse(
  request: IncomingMessage,
  response: ServerResponse,
  reply: Response,
): Promise<void> {
  const body = Buffer.from(await reply.arrayBuffer())
  const headers: Record<string, string> = Object.fromEntries(reply.headers)
  // The rest of an unread body is not worth receiving: close once the reply is out.
  if (!request.complete) headers.connection = 'close'
  headers['content-length'] = String(body.byteLength)
  response.writeHead(reply.status, headers)
  response.end(request.method === 'HEAD' ? undefined : body)
}
