import { timingSafeEqual } from 'node:crypto'
import type { DemoRequestStore } from '../supabase/functions/_shared/demo-request-store.ts'
import type { Notifier } from '../supabase/functions/_shared/notifier.ts'
import { resendUnnotified } from '../supabase/functions/_shared/resend-unnotified.ts'

/** Header carrying the token from the data folder's owner file. */
export const adminTokenHeader = 'x-local-admin-token'
/** Path prefix of the routes the leads and retry commands use while the server holds PGlite. */
export const adminPrefix = '/__local/'

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
 * The embedded database belongs to the running server, so `npm run leads` and the retry
 * command ask it over HTTP. Only callers that can read the owner file know the token.
 */
export function createLocalAdmin(options: {
  token: string
  store: DemoRequestStore
  notifier: Notifier | null
  notifyTimeoutMs: number
}): (request: Request) => Promise<Response> {
  return async (request) => {
    if (!sameToken(request.headers.get(adminTokenHeader), options.token)) {
      return json(404, { error: 'Not found' })
    }
    const url = new URL(request.url)
    if (url.pathname === `${adminPrefix}leads` && request.method === 'GET') {
      const limit = Number(url.searchParams.get('limit') ?? 1000)
      return json(200, { leads: await options.store.list(limit) })
    }
    if (url.pathname === `${adminPrefix}notify-retry` && request.method === 'POST') {
      if (options.notifier === null) return json(409, { error: 'No email API is configured' })
      const result = await resendUnnotified({
        store: options.store,
        notifier: options.notifier,
        timeoutMs: options.notifyTimeoutMs,
      })
      return json(200, result)
    }
    return json(404, { error: 'Not found' })
  }
}
