// The Deno entry of send-demo-request: reads the environment, builds the dependencies and
// serves the shared handler. Everything else lives in ../_shared and runs under Node too.
import { platformClientIp } from '../_shared/client-ip.ts'
import { createConfiguredHandler } from '../_shared/configured-handler.ts'
import { readFunctionConfig } from '../_shared/function-config.ts'
import { createPostgresDatabase } from '../_shared/postgres-database.ts'
import { createSqlDemoRequestStore } from '../_shared/sql-demo-request-store.ts'
import { createUnavailableStore } from '../_shared/unavailable-store.ts'

const env = (name: string) => Deno.env.get(name)
const config = readFunctionConfig(env)
// Supabase provides SUPABASE_DB_URL to every function; DATABASE_URL overrides it.
const databaseUrl = env('DATABASE_URL') || env('SUPABASE_DB_URL')

if (!databaseUrl)
  console.error('send-demo-request: neither DATABASE_URL nor SUPABASE_DB_URL is set')
// Supabase sets both; elsewhere the function refuses every call rather than accept any.
if (config.apiKeys?.length === 0)
  console.error('send-demo-request: neither SUPABASE_PUBLISHABLE_KEYS nor SUPABASE_ANON_KEY is set')

const store = databaseUrl
  ? createSqlDemoRequestStore(createPostgresDatabase(databaseUrl), { role: config.databaseRole })
  : createUnavailableStore()

const handler = createConfiguredHandler(config, store)

const port = env('PORT')
Deno.serve(port ? { port: Number(port) } : {}, (request, info) =>
  handler(request, {
    clientIp:
      platformClientIp(request) ??
      (info.remoteAddr.transport === 'tcp' ? info.remoteAddr.hostname : null),
  }),
)
