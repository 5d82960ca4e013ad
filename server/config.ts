import { resolve } from 'node:path'
import { type FunctionConfig, readFunctionConfig } from '#shared/config/function-config.ts'
import { isHostName } from './own-host.ts'

/** The repository root, against which relative folders are resolved. */
export const projectRoot = new URL('..', import.meta.url).pathname

/** The local backend's settings: the function's, plus where to listen and which database. */
export interface BackendConfig extends FunctionConfig {
  port: number
  host: string
  /** A Postgres URL, or `null` for the embedded PGlite in `dataDir`. */
  databaseUrl: string | null
  dataDir: string
  distDir: string
  /** Seconds between the backend's runs of due notifications; 0 for none, `null` if unset. */
  notifyRetrySeconds: number | null
  /** Who `npm start`'s printed console link signs in, as the console's owner. */
  localOwnerEmail: string
  /** Host names `npm start` answers to besides its own (server/own-host.ts), on any port. */
  allowedHosts: string[]
}

/** The address people use for a server on `host` and `port`: "localhost" reads more easily. */
export const localOrigin = (host: string, port: number) =>
  `http://${/^(127\.0\.0\.1|::1|0\.0\.0\.0|::)$/.test(host) ? 'localhost' : host}:${port}`

/**
 * Reads the settings from `env` (the process environment by default). Defaults: port 3000 on
 * the loopback interface, data in `.data/pglite`, files from `dist/`.
 */
export function readBackendConfig(env: NodeJS.ProcessEnv = process.env): BackendConfig {
  const port = env.PORT?.trim() ? Number(env.PORT) : 3000
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, not "${env.PORT}"`)
  }
  const retry = env.NOTIFY_RETRY_SECONDS?.trim()
  const notifyRetrySeconds = retry ? Number(retry) : null
  if (
    notifyRetrySeconds !== null &&
    !(Number.isInteger(notifyRetrySeconds) && notifyRetrySeconds >= 0)
  ) {
    throw new Error(`NOTIFY_RETRY_SECONDS must be a whole number of seconds, not "${retry}"`)
  }
  const functionConfig = readFunctionConfig((name) => env[name])
  return {
    ...functionConfig,
    // Given no key, the local backend checks none: the widget built without
    // VITE_SUPABASE_ANON_KEY sends none. The deployed function refuses every call instead.
    apiKeys: functionConfig.apiKeys?.length ? functionConfig.apiKeys : null,
    port,
    host: env.HOST?.trim() || '127.0.0.1',
    databaseUrl: env.DATABASE_URL?.trim() || null,
    dataDir: resolve(projectRoot, env.PGLITE_DATA_DIR?.trim() || '.data/pglite'),
    distDir: resolve(projectRoot, 'dist'),
    notifyRetrySeconds,
    localOwnerEmail: readLocalOwnerEmail(env.LOCAL_OWNER_EMAIL),
    allowedHosts: readAllowedHosts(env.ALLOWED_HOSTS),
  }
}

function readAllowedHosts(setting: string | undefined): string[] {
  const names = (setting ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  const wrong = names.find((name) => !isHostName(name))
  if (wrong !== undefined) {
    throw new Error(
      `ALLOWED_HOSTS takes host names, comma-separated (demo.example.com), not "${wrong}"`,
    )
  }
  return names
}

function readLocalOwnerEmail(setting: string | undefined): string {
  const email = setting?.trim().toLowerCase() || 'owner@localhost'
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
    throw new Error(`LOCAL_OWNER_EMAIL must be an email address, not "${setting}"`)
  }
  return email
}
