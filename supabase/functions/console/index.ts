// The Deno entry of the staff console's API: reads the environment, builds the dependencies and
// serves the shared handler (../_shared/console), which runs under Node too.

import { createConfiguredConsoleHandler } from '../_shared/config/configured-console.ts'
import { databaseUrlOf, keepServingOnFailure } from '../_shared/config/deno-serve.ts'
import { readFunctionConfig } from '../_shared/config/function-config.ts'
import { createPostgresDatabase } from '../_shared/db/postgres-database.ts'
import { corsHeaders } from '../_shared/http/cors.ts'
import { errorReply } from '../_shared/http/json-reply.ts'

keepServingOnFailure()

const env = (name: string) => Deno.env.get(name)

function configuredServe(): Deno.ServeHandler {
  const config = readFunctionConfig(env)
  const databaseUrl = databaseUrlOf(env)
  if (!databaseUrl) throw new Error('neither DATABASE_URL nor SUPABASE_DB_URL is set')
  if (config.auth.jwtSecret === null && config.auth.url === null) {
    throw new Error('neither AUTH_JWT_SECRET nor SUPABASE_URL is set, so no sign-in can be checked')
  }
  const handler = createConfiguredConsoleHandler(config, createPostgresDatabase(databaseUrl))
  return (request) => handler(request)
}

// A bad setting still opens the port: the console then shows a 503 that says so.
let serve: Deno.ServeHandler
try {
  serve = configuredServe()
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error)
  console.error(`console: ${reason}. Every request gets 503 until it is fixed.`)
  serve = (request) => {
    const cors = corsHeaders(
      request.headers.get('origin'),
      'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    )
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors })
    return errorReply(
      503,
      {
        code: 'unavailable',
        message: 'The console is not set up yet: its log says which setting.',
      },
      cors,
    )
  }
}

const port = env('PORT')
Deno.serve(port ? { port: Number(port) } : {}, serve)
