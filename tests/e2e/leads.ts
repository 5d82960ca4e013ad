import { readBackendConfig } from '../../server/backend-config.ts'
import { openCommandBackend } from '../../server/command-backend.ts'
import type { StoredDemoRequest } from '../../supabase/functions/_shared/demo-request-store.ts'

/** The stored leads, read the way `npm run leads` reads them from the running server. */
export async function listLeads(dataDir: string): Promise<StoredDemoRequest[]> {
  const config = readBackendConfig({ ...process.env, PGLITE_DATA_DIR: dataDir, DATABASE_URL: '' })
  const backend = await openCommandBackend(config)
  try {
    return await backend.list(1000)
  } finally {
    await backend.close()
  }
}
