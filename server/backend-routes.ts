import { createDemoRequestHandler } from '../supabase/functions/_shared/demo-request-handler.ts'
import type { BackendRoutes } from './backend-app.ts'
import type { BackendConfig } from './backend-config.ts'
import { backendNotifier } from './backend-notifier.ts'
import { createLocalAdmin } from './local-admin.ts'
import type { BackendStore } from './open-backend-store.ts'

/** The function handler and, for the embedded database, the local-admin route, on `backend`. */
export function backendRoutes(config: BackendConfig, backend: BackendStore): BackendRoutes {
  const handler = createDemoRequestHandler({
    store: backend.store,
    notifier: backendNotifier(config),
    allowedOrigins: config.allowedOrigins,
    rateLimit: config.rateLimit,
    notifyTimeoutMs: config.notifyTimeoutMs,
  })
  if (backend.lock === null) return { handler }
  return {
    handler,
    admin: createLocalAdmin({ token: backend.lock.owner.token, store: backend.store }),
  }
}
