import { Hono } from 'hono'
import type { FunctionEnv, RequestContext } from './function-env.ts'
import { functionRefusalReply, Refusal } from './refusal.ts'

/** A web-standard request handler, runnable under Deno, Node and in tests. */
export type FunctionHandler = (request: Request, context?: RequestContext) => Promise<Response>

/**
 * The route a request is for. The function answers at whatever path its host gives it
 * (`/send-demo-request` on Supabase, `/functions/v1/send-demo-request` under `npm start`), so a
 * route is named by the end of the path, with or without a last `/`; any other path is `/`.
 */
export function routeOf(url: string, routes: readonly string[]): string {
  const path = pathOf(url).replace(/\/$/, '')
  return routes.find((route) => path.endsWith(route)) ?? '/'
}

// A request's URL is absolute: its path runs from the first `/` after the host to the query.
// Cut out as Hono's own router does, rather than parsed whole on every request.
function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('://') + 3)
  if (start === -1) return '/'
  const query = url.indexOf('?', start)
  return url.slice(start, query === -1 ? undefined : query)
}

/**
 * A Hono app for the function: `routes` (beside `/`) found by `routeOf`, refusals answered as
 * the function's JSON errors, and any other failure left to the server's last line.
 */
export function functionApp(routes: readonly string[] = []): Hono<FunctionEnv> {
  const app = new Hono<FunctionEnv>({ getPath: (request) => routeOf(request.url, routes) })
  app.onError((error, c) => {
    if (error instanceof Refusal) return functionRefusalReply(error, c)
    throw error
  })
  return app
}

/** The app as the function's handler: the platform's context becomes the app's bindings. */
export const functionHandler =
  (app: Hono<FunctionEnv>): FunctionHandler =>
  async (request, context = {}) =>
    app.fetch(request, context)
