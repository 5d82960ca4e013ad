import type { NodeHttp1Handler, ServerRequest } from 'srvx'
import { toNodeHandler } from 'srvx/node'
import type { DemoRequestHandler } from '../supabase/functions/_shared/demo-request-handler.ts'
import { errorReply } from '../supabase/functions/_shared/json-reply.ts'

/** Whether a request is for the function: the path supabase-js calls, or its retry endpoint. */
export const isFunctionPath = (url = '/') =>
  /^\/functions\/v1\/send-demo-request(\/retry)?\/?(\?|$)/.test(url)

/**
 * The function as a Node request listener. The socket address is the client IP, whatever the
 * headers claim, since nothing stands in front of the local server.
 */
export function functionListener(handler: DemoRequestHandler): NodeHttp1Handler {
  return toNodeHandler(async (request: ServerRequest) => {
    try {
      return await handler(request, { clientIp: request.ip ?? null })
    } catch (error) {
      // The handler answers its own failures; this is the last line, so the server never dies.
      console.error('send-demo-request failed to answer', error)
      return errorReply(500, { code: 'internal', message: 'Something went wrong.' })
    }
  }) as NodeHttp1Handler
}
