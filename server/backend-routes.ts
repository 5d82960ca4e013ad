import { createConfiguredHandler } from '../supabase/functions/_shared/configured-handler.ts'
import type { BackendRoutes } from './backend-app.ts'
import type { BackendConfig } from './backend-config.ts'
import { createLocalAdmin } from './local-admin.ts'
import type { BackendStore } from './open-backend-store.ts'

/** The function handler and, for the embedded database, the local-admin route, on `backend`. */
export function backendRoutes(config: BackendConfig, backend: BackendStore): BackendRoutes {
  const handler = createConfiguredHandler(config, backend.store)
  if (backend.lock === null) return { handler }
  return {
    handler,
    admin: createLocalAdmin({ token: backend.lock.owner.token, store: backend.store }),
  }
}
