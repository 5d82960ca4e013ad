import { corsHeaders } from '../http/cors.ts'
import { errorReply } from '../http/json-reply.ts'
import type { DemoRequestHandler } from '../lead/demo-request-handler.ts'

/**
 * What the function answers while a setting is invalid: 503 to every request, as JSON with CORS
 * headers, so the widget on any page can read it and show its failure toast. A preflight passes:
 * failing it would turn the 503 into a bare network error. No Retry-After: only a fix to the
 * setting and a redeploy end it.
 */
export function createMisconfiguredHandler(): DemoRequestHandler {
  return async (request) => {
    const cors = corsHeaders(request.headers.get('origin'))
    await request.body?.cancel()
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors })
    return errorReply(
      503,
      {
        code: 'misconfigured',
        message: 'Demo requests cannot be accepted right now. Please try again later.',
      },
      cors,
    )
  }
}
