// The console's function as its settings describe it: apart from configured-handler.ts, so that
// send-demo-request's module graph, which the CLI uploads with its own import map, holds no jose.

import { type ConsoleHandler, createConsoleHandler } from '../console/console-handler.ts'
import { type AuthAdmin, createAuthAdmin } from '../console/people/auth-admin.ts'
import { createTokenVerifier, type VerifyToken } from '../console/sign-in/verify-token.ts'
import type { SqlDatabase } from '../db/sql-database.ts'
import type { Notifier } from '../notify/notifier.ts'
import { configuredNotifiers, type NotifierSettings } from './configured-notifiers.ts'
import type { FunctionConfig } from './function-config.ts'

/** How the console function is run beyond its settings: tests and `npm start` pass their own. */
export interface ConsoleHandlerOptions {
  /** Checks tokens; by default with AUTH_JWT_SECRET, else the project's JWKS. */
  verify?: VerifyToken | null
  /** Supabase Auth's admin API; by default at SUPABASE_URL with SUPABASE_SERVICE_ROLE_KEY. */
  authAdmin?: AuthAdmin | null
  /** The Integrations page's notifiers; by default those the settings name, as the backend's. */
  notifiers?: readonly Notifier[]
  now?: () => Date
}

/** The console's API (console-handler.ts) as the settings describe it, on `db`. */
export function createConfiguredConsoleHandler(
  config: Pick<
    FunctionConfig,
    'auth' | 'allowedOrigins' | 'salesTimeZone' | 'analytics' | 'notifyTimeoutMs' | 'schedulerApis'
  > &
    NotifierSettings,
  db: SqlDatabase,
  options: ConsoleHandlerOptions = {},
): ConsoleHandler {
  const { url, serviceRoleKey } = config.auth
  return createConsoleHandler({
    db,
    verify: options.verify === undefined ? createTokenVerifier(config.auth) : options.verify,
    authAdmin:
      options.authAdmin !== undefined
        ? options.authAdmin
        : url !== null && serviceRoleKey !== null
          ? createAuthAdmin(url, serviceRoleKey)
          : null,
    allowedOrigins: config.allowedOrigins,
    salesTimeZone: config.salesTimeZone,
    sourceCampaigns: config.analytics.sourceCampaigns,
    notifiers: options.notifiers ?? configuredNotifiers(config),
    testTimeoutMs: config.notifyTimeoutMs,
    schedulerApis: config.schedulerApis,
    now: options.now,
  })
}
