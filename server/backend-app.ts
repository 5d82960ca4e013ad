import type { IncomingMessage, ServerResponse } from 'node:http'
import type { DemoRequestHandler } from '../supabase/functions/_shared/demo-request-handler.ts'
import { adminStorePath } from './local-admin.ts'
import { sendWebResponse, toWebRequest } from './node-http.ts'

/** The path supabase-js calls for the function, relative to the project URL. */
export const functionPath = '/functions/v1/send-demo-request'

type WebHandler = (request: Request) => Promise<Response>

/** The parts the local server routes between. */
export interface BackendRoutes {
  handler: DemoRequestHandler
  /** Everything else; answered with 404 when absent. */
  fallback?: WebHandler
  admin?: WebHandler
}

/**
 * A Node request listener: the function at {@link functionPath}, the local-admin routes, and
 * the fallback for the rest. The socket address is the client IP, whatever the headers claim.
 */
export function createBackendListener(routes: BackendRoutes) {
  return async (request: IncomingMessage, response: ServerResponse, next?: () => void) => {
    try {
      const webRequest = toWebRequest(request)
      if (webRequest === null) {
        response.writeHead(400, { 'content-type': 'text/plain' }).end('Bad Host header')
        return
      }
      const { pathname } = new URL(webRequest.url)
      let reply: Response
      if (pathname === functionPath || pathname === `${functionPath}/`) {
        reply = await routes.handler(webRequest, { clientIp: request.socket.remoteAddress ?? null })
      } else if (routes.admin && pathname === adminStorePath) {
        reply = await routes.admin(webRequest)
      } else if (routes.fallback) {
        reply = await routes.fallback(webRequest)
      } else if (next) {
        next()
        return
      } else {
        reply = new Response('Not found', { status: 404 })
      }
      await sendWebResponse(request, response, reply)
    } catch (error) {
      console.error('Local backend failed to answer', error)
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' })
      response.end('Internal error')
    }
  }
}
