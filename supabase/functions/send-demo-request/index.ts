// The Deno entry of send-demo-request: reads the environment, builds the dependencies and
// serves the shared handler. Everything else lives in ../_shared, grouped by capability, and
// runs under Node too.

import { clientIp, trustedClientIpHeader } from '../_shared/abuse/client-ip.ts'
import { createBackend, type FunctionStores } from '../_shared/config/configured-handler.ts'
import { databaseUrlOf, keepServingOnFailure } from '../_shared/config/deno-serve.ts'
import { readFunctionConfig } from '../_shared/config/function-config.ts'
import { createMisconfiguredHandler } from '../_shared/config/misconfigured-handler.ts'
import { createSqlStores } from '../_shared/config/sql-stores.ts'
import { createUnavailableStores } from '../_shared/config/unavailable-stores.ts'
import { createPostgresDatabase } from '../_shared/db/postgres-database.ts'

keepServingOnFailure()

const env = (name: string) => Deno.env.get(name)

// Everything the settings decide; throws, naming the setting, when one is invalid.
function configuredServe(): Deno.ServeHandler {
  const config = readFunctionConfig(env)
  const databaseUrl = databaseUrlOf(env)

  if (!databaseUrl)
    console.error('send-demo-request: neither DATABASE_URL nor SUPABASE_DB_URL is set')
  // Supabase sets both; elsewhere the function refuses every call rather than accept any.
  if (config.apiKeys?.length === 0)
    console.error(
      'send-demo-request: neither SUPABASE_PUBLISHABLE_KEYS nor SUPABASE_ANON_KEY is set',
    )

  const db = databaseUrl ? createPostgresDatabase(databaseUrl) : null
  const role = { role: config.databaseRole }
  const stores: FunctionStores = db ? createSqlStores(db, role) : createUnavailableStores()

  // Notifications run after the reply, under EdgeRuntime.waitUntil on Supabase.
  const { handler } = createBackend(config, stores)
  const ipHeader = trustedClientIpHeader(env)
  return (request, info) =>
    handler(request, {
      clientIp: clientIp(
        request,
        ipHeader,
        info.remoteAddr.transport === 'tcp' ? info.remoteAddr.hostname : null,
      ),
    })
}

// A bad setting still opens the port: every visitor then gets a 503 the widget can show, rather
// than a network error, and the log says in one line which setting to fix.
let serve: Deno.ServeHandler
try {
  serve = configuredServe()
} catch (error) {
  console.error(
    `send-demo-request: ${error instanceof Error ? error.message : String(error)}. Every request gets 503 until it is fixed.`,
  )
  const misconfigured = createMisconfiguredHandler()
  serve = (request) => misconfigured(request)
}

const port = env('PORT')
Deno.serve(port ? { port: Number(port) } : {}, serve)
