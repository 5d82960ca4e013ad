import type {
  DemoRequestStore,
  StoredDemoRequest,
} from '../supabase/functions/_shared/demo-request-store.ts'
import { adminStorePath, adminTokenHeader, type RemoteMethod } from './local-admin.ts'

const revive = (lead: StoredDemoRequest): StoredDemoRequest => ({
  ...lead,
  createdAt: new Date(lead.createdAt),
  notifiedAt: lead.notifiedAt === null ? null : new Date(lead.notifiedAt),
})

const notRemote = () => Promise.reject(new Error('Not available through the local server'))

/** The store of the local server at `url`, reached through its token-protected admin route. */
export function createRemoteStore(url: string, token: string): DemoRequestStore {
  const call = async (method: RemoteMethod, args: unknown[]) => {
    const response = await fetch(`${url}${adminStorePath}`, {
      method: 'POST',
      headers: { [adminTokenHeader]: token, 'content-type': 'application/json' },
      body: JSON.stringify({ method, args }),
    })
    if (!response.ok) throw new Error(`The local server at ${url} answered ${response.status}`)
    return ((await response.json()) as { result: unknown }).result
  }
  return {
    list: async (limit) => ((await call('list', [limit])) as StoredDemoRequest[]).map(revive),
    listUnnotified: async (before, limit) =>
      ((await call('listUnnotified', [before, limit])) as StoredDemoRequest[]).map(revive),
    recordNotification: async (id, outcome, at) => {
      await call('recordNotification', [id, outcome, at])
    },
    findIdByIdempotencyKey: async (key) => (await call('findIdByIdempotencyKey', [key])) as string,
    insert: notRemote,
    countHit: notRemote,
  }
}
