import type { StoredDemoRequest } from '../supabase/functions/_shared/demo-request-store.ts'
import { resendUnnotified } from '../supabase/functions/_shared/resend-unnotified.ts'
import type { BackendConfig } from './backend-config.ts'
import { backendNotifier } from './backend-notifier.ts'
import { readDataDirOwner } from './data-dir-lock.ts'
import { adminPrefix, adminTokenHeader } from './local-admin.ts'
import { openBackendStore } from './open-backend-store.ts'

/** What the leads and retry commands do, wherever the data lives. */
export interface CommandBackend {
  list(limit: number): Promise<StoredDemoRequest[]>
  /** Sends pending and failed leads again; `null` when no email API is configured. */
  retry(): Promise<{ sent: number; failed: number } | null>
  close(): Promise<void>
}

const revive = (lead: StoredDemoRequest): StoredDemoRequest => ({
  ...lead,
  createdAt: new Date(lead.createdAt),
  notifiedAt: lead.notifiedAt === null ? null : new Date(lead.notifiedAt),
})

/**
 * The same database the server uses: `DATABASE_URL`, else the embedded folder. While a local
 * server holds that folder, the commands ask the server, since only one process may open it.
 */
export async function openCommandBackend(config: BackendConfig): Promise<CommandBackend> {
  const owner = config.databaseUrl === null ? await readDataDirOwner(config.dataDir) : null
  if (owner?.url) {
    const { url, token } = owner
    const call = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(`${url}${adminPrefix}${path}`, {
        ...init,
        headers: { [adminTokenHeader]: token },
      })
      const body = await response.json()
      return { status: response.status, body }
    }
    return {
      async list(limit) {
        const { status, body } = await call(`leads?limit=${limit}`)
        if (status !== 200) throw new Error(`The local server answered ${status}`)
        return (body.leads as StoredDemoRequest[]).map(revive)
      },
      async retry() {
        const { status, body } = await call('notify-retry', { method: 'POST' })
        if (status === 409) return null
        if (status !== 200) throw new Error(`The local server answered ${status}`)
        return body as { sent: number; failed: number }
      },
      close: async () => {},
    }
  }
  const backend = await openBackendStore(config)
  return {
    list: (limit) => backend.store.list(limit),
    async retry() {
      const notifier = backendNotifier(config)
      if (notifier === null) return null
      return resendUnnotified({
        store: backend.store,
        notifier,
        timeoutMs: config.notifyTimeoutMs,
      })
    },
    close: () => backend.close(),
  }
}
