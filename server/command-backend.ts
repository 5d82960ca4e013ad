import { configuredNotifier } from '../supabase/functions/_shared/configured-handler.ts'
import type {
  DemoRequestStore,
  StoredDemoRequest,
} from '../supabase/functions/_shared/demo-request-store.ts'
import { resendUnnotified } from '../supabase/functions/_shared/resend-unnotified.ts'
import type { BackendConfig } from './backend-config.ts'
import { readDataDirOwner } from './data-dir-lock.ts'
import { openBackendStore } from './open-backend-store.ts'
import { createRemoteStore } from './remote-store.ts'

/** What the leads and retry commands do, wherever the data lives. */
export interface CommandBackend {
  store: DemoRequestStore
  /** Where the data lives, for people. */
  description: string
  list(limit: number): Promise<StoredDemoRequest[]>
  /**
   * Emails pending and failed leads with this process's email settings; `null` when no email
   * API is configured.
   */
  retry(): Promise<{ sent: number; failed: number } | null>
  close(): Promise<void>
}

/**
 * The database the server uses: `DATABASE_URL`, else the embedded folder. While a local server
 * holds that folder, the commands go through it, since only one process may open it.
 */
export async function openCommandBackend(config: BackendConfig): Promise<CommandBackend> {
  const owner = config.databaseUrl === null ? await readDataDirOwner(config.dataDir) : null
  const opened = owner?.url
    ? {
        store: createRemoteStore(owner.url, owner.token),
        description: `embedded PGlite in ${config.dataDir}, through the server at ${owner.url}`,
        close: async () => {},
      }
    : await openBackendStore(config)
  const { store } = opened
  return {
    store,
    description: opened.description,
    list: (limit) => store.list(limit),
    async retry() {
      const notifier = configuredNotifier(config)
      if (notifier === null) return null
      return resendUnnotified({ store, notifier, timeoutMs: config.notifyTimeoutMs })
    },
    close: () => opened.close(),
  }
}
