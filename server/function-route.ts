import type { NodeHttp1Handler, ServerRequest } from 'srvx'
import { toNodeHandler } from 'srvx/node'
import { errorReply } from '../supabase/functions/_shared/http/json-reply.ts'
import type { DemoRequestHandler } from '../supabase/functions/_shared/lead/demo-request-handler.ts'

/** Whether a request is for the function: its path, as supabase-js calls it, and below. */
export const isFunctionPath = (url = '/') =>
  /^\/functions\/v1\/send-demo-request(\/|\?|$)/.test(url)

/** Whether a request is for the console's function (src/core/console-api.ts). */
export const isConsolePath = (url = '/') => /^\/functions\/v1\/console(\/|\?|$)/.test(url)

/** The console's function as a Node request listener. */
export function consoleListener(
  handler: (request: Request) => Promise<Response>,
): NodeHttp1Handler {
  return toNodeHandler(async (request: ServerRequest) => {
    try {
      return await handler(request)
    } catch (error) {
      // The handler answers its own failures; this is the last line, so the server never dies.
      console.error('console failed to answer', error)
      return errorReply(500, { code: 'internal', message: 'Something went wrong.' })
    }
  }) as NodeHttp1Handler
}

/**
 * The function as a Node request listener. The socket address is the client IP, whatever the
 * headers claim, since nothing stands in front of the local server.
 */
export function functionListener(handler: DemoRequestHandler): NodeHttp1Handler {
  return toNodeHandler(async (request: ServerRequest) => {
    try {
      const reply = await handler(request, { clientIp: request.ip ?? null })
      // An unread body (after a 413, say) would be read as the next request on this
      // connection, so the connection closes with the reply.
      const node = request.runtime?.node
      if (node?.res && 'shouldKeepAlive' in node.res && !node.req.complete) {
        node.res.shouldKeepAlive = false
      }
      return reply
    } catch (error) {
      // The handler answers its own failures; this is the last line, so the server never dies.
      console.error('send-demo-request failed to answer', error)
      return errorReply(500, { code: 'internal', message: 'Something went wrong.' })
    }
  }) as NodeHttp1Handler
}
