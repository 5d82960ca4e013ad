import type { DemoRequestHandler } from '../lead/demo-request-handler.ts'
import { corsHeaders } from './cors.ts'
import { errorReply } from './json-reply.ts'

/**
 * Lets a request through to `handler` only when its `apikey` header holds one of `acceptedKeys`,
 * as Supabase's template for key-checked functions does (`withSupabase({ auth: 'publishable' })`,
 * https://github.com/supabase/cli/blob/develop/apps/cli-go/internal/functions/new/templates/index_auth_mode_apikey.ts).
 * With `verify_jwt = false` nothing else identifies a caller. No key accepted refuses every call.
 */
export function requireApiKey(
  handler: DemoRequestHandler,
  acceptedKeys: readonly string[],
): DemoRequestHandler {
  return async (request, context) => {
    // Browsers send preflights without the headers they ask about.
    if (request.method === 'OPTIONS') return handler(request, context)
    const apiKey = request.headers.get('apikey')
    // A plain comparison: publishable and anon keys are public, printed in every page.
    if (apiKey !== null && acceptedKeys.includes(apiKey)) return handler(request, context)
    await request.body?.cancel()
    // CORS headers, or the browser hides the reply and the widget sees a network error.
    return errorReply(
      401,
      apiKey === null
        ? {
            code: 'missing_api_key',
            message: "Send the project's publishable key in the apikey header.",
          }
        : { code: 'invalid_api_key', message: 'The apikey header holds no key of this project.' },
      corsHeaders(request.headers.get('origin')),
    )
  }
}
