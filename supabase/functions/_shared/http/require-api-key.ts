import type { MiddlewareHandler } from 'hono'
import { corsHeaders } from './cors.ts'
import type { FunctionEnv } from './function-env.ts'
import { refusal } from './refusal.ts'

/**
 * Lets a request through only when its `apikey` header holds one of `acceptedKeys`, as
 * Supabase's template for key-checked functions does (`withSupabase({ auth: 'publishable' })`,
 * https://github.com/supabase/cli/blob/develop/apps/cli-go/internal/functions/new/templates/index_auth_mode_apikey.ts).
 * With `verify_jwt = false` nothing else identifies a caller. No key accepted refuses every call.
 */
export function requireApiKey(acceptedKeys: readonly string[]): MiddlewareHandler<FunctionEnv> {
  return async (c, next) => {
    // Browsers send preflights without the headers they ask about.
    if (c.req.method === 'OPTIONS') return next()
    const apiKey = c.req.header('apikey') ?? null
    // A plain comparison: publishable and anon keys are public, printed in every page.
    if (apiKey !== null && acceptedKeys.includes(apiKey)) return next()
    // CORS headers, or the browser hides the reply and the widget sees a network error.
    const refused =
      apiKey === null
        ? {
            status: 401,
            code: 'missing_api_key',
            message: "Send the project's publishable key in the apikey header.",
          }
        : {
            status: 401,
            code: 'invalid_api_key',
            message: 'The apikey header holds no key of this project.',
          }
    throw await refusal(c.req.raw, refused, corsHeaders(c.req.header('origin') ?? null))
  }
}
