import type { NodeHttp1Handler, ServerRequest } from 'srvx'
import { toNodeHandler } from 'srvx/node'
import { errorReply } from '#shared/http/json-reply.ts'
import type { DemoRequestHandler } from '#shared/lead/demo-request-handler.ts'

/** Where the function answers, as supabase-js calls it; its routes are below. */
export const functionPath = '/functions/v1/send-demo-request'

/** Where the console's function answers (src/core/console-api.ts). */
export const consolePath = '/functions/v1/console'

/** Whether a request is for the function: its path, as supabase-js calls it, and below. */
export const isFunctionPath = (url = '/') =>
  url.startsWith(functionPath) && /^($|\/|\?)/.test(url.slice(functionPath.length))

// The handler answers its own failures; this is the last line, so the server never dies.
const lastLine = (name: string, error: unknown) => {
  console.error(`${name} failed to answer`, error)
  return errorReply(500, { code: 'internal', message: 'Something went wrong.' })
}

/** The console's function as srvx serves it. */
export function consoleFetch(handler: (request: Request) => Promise<Response>) {
  return async (request: ServerRequest): Promise<Response> => {
    try {
      return await handler(request)
    } catch (error) {
      return lastLine('console', error)
    }
  }
}

/**
 * The function as srvx serves it. The socket address is the client IP, whatever the headers
 * claim, since nothing stands in front of the local server.
 */
export function functionFetch(handler: DemoRequestHandler) {
  return async (request: ServerRequest): Promise<Response> => {
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
      return lastLine('send-demo-request', error)
    }
  }
}

/** The function as a Node request listener, for Vite's dev server. */
export const functionListener = (handler: DemoRequestHandler) =>
  toNodeHandler(functionFetch(handler)) as NodeHttp1Handler
