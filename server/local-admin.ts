import { timingSafeEqual } from 'node:crypto'
import type { DemoRequestStore } from '../supabase/functions/_shared/demo-request-store.ts'

/** Header carrying the token from the data folder's owner file. */
export const adminTokenHeader = 'x-local-admin-token'
/** The route the leads and retry commands call while a server holds the embedded database. */
export const adminStorePath = '/__local/store'

/** The store methods a command may call, with the positions of their date arguments. */
export const remoteMethods = {
  list: [],
  listUnnotified: [0],
  recordNotification: [2],
  findIdByIdempotencyKey: [],
} as const satisfies Partial<Record<keyof DemoRequestStore, readonly number[]>>

export type RemoteMethod = keyof typeof remoteMethods

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  })

function sameToken(given: string | null, token: string) {
  if (given === null) return false
  const a = Buffer.from(given)
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Only one process may open the embedded database, so `npm run leads` and the retry command
 * reach the store through the server holding it. Only callers that can read the owner file
 * know the token; everyone else gets a 404.
 */
export function createLocalAdmin(options: {
  token: string
  store: DemoRequestStore
}): (request: Request) => Promise<Response> {
  return async (request) => {
    const { pathname } = new URL(request.url)
    if (
      pathname !== adminStorePath ||
      request.method !== 'POST' ||
      !sameToken(request.headers.get(adminTokenHeader), options.token)
    ) {
      return json(404, { error: 'Not found' })
    }
    const { method, args } = (await request.json()) as { method: string; args: unknown[] }
    if (!Object.hasOwn(remoteMethods, method) || !Array.isArray(args)) {
      return json(400, { error: 'Unknown method' })
    }
    const name = method as RemoteMethod
    const revived = args.map((arg, index) =>
      (remoteMethods[name] as readonly number[]).includes(index) ? new Date(arg as string) : arg,
    )
    const call = options.store[name] as (...args: unknown[]) => Promise<unknown>
    return json(200, { result: (await call(...revived)) ?? null })
  }
}
