import { FunctionsClient } from '@supabase/functions-js'
import type { FunctionsInvoker } from '../src/functions-client.ts'
import { functionName } from '../src/send-demo-request.ts'

/**
 * How the stand-in answers `send-demo-request`, one per state a designer reviews:
 * - `success`: 200 with `success: true` and a request id
 * - `serverError`: HTTP 500 with an error body
 * - `unsuccessful`: 200 with `success: false` and an error message
 * - `noFlag`: 200 with a JSON body that carries no success flag
 * - `network`: the connection drops, as `fetch` rejects in a browser
 * - `pending`: no answer until the caller gives up (its timeout aborts the request)
 */
export type StandInReply =
  | 'success'
  | 'serverError'
  | 'unsuccessful'
  | 'noFlag'
  | 'network'
  | 'pending'

const functionPath = `/functions/v1/${functionName}`

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError')
}

// A `fetch` that answers as the function would, without a server.
function standInFetch(reply: StandInReply): typeof fetch {
  return (_input, init) => {
    const signal = init?.signal
    if (signal?.aborted) return Promise.reject(abortError(signal))
    switch (reply) {
      case 'success':
        return Promise.resolve(json({ success: true, requestId: 'stand-in-request' }))
      case 'serverError':
        return Promise.resolve(
          json({ error: { code: 'internal', message: 'Stand-in server error' } }, 500),
        )
      case 'unsuccessful':
        return Promise.resolve(
          json({ success: false, error: { code: 'rejected', message: 'Stand-in refusal' } }),
        )
      case 'noFlag':
        return Promise.resolve(json({ received: true }))
      case 'network':
        // What Chromium's fetch rejects with when the connection fails.
        return Promise.reject(new TypeError('Failed to fetch'))
      case 'pending':
        return new Promise<Response>((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(abortError(signal)), { once: true })
        })
    }
  }
}

/**
 * A real functions-js client over the stand-in `fetch`, so the form sees the same
 * `{ data, error }` values, error names and timeouts as against a deployed function.
 */
export function standInFunctions(reply: StandInReply): FunctionsInvoker {
  return new FunctionsClient('https://stand-in.invalid/functions/v1', {
    customFetch: standInFetch(reply),
  })
}

const standInHost = 'stand-in.invalid'
const replies: StandInReply[] = [
  'success',
  'serverError',
  'unsuccessful',
  'noFlag',
  'network',
  'pending',
]

/**
 * A project URL for `<demo-request supabase-url>` whose calls the stand-in answers with
 * `reply`. The reply travels in the URL, so stories shown side by side in Docs each get theirs.
 */
export function standInUrl(reply: StandInReply): string {
  return `https://${standInHost}/${reply}`
}

function replyFor(url: URL): StandInReply {
  const named = url.host === standInHost ? url.pathname.split('/')[1] : undefined
  return replies.find((reply) => reply === named) ?? 'success'
}

let pageFetch: typeof fetch | undefined
let users = 0

/**
 * Answers the function's URL in place of `fetch`, for the `<demo-request>` element, which
 * builds its own client from its attributes: a `standInUrl` gets its reply, any other project
 * (such as the page's own origin) success. Other requests pass through. Returns the function
 * that puts the page's `fetch` back once the last story using it has gone.
 */
export function answerFunctionRequests(): () => void {
  users += 1
  if (!pageFetch) {
    const passThrough = globalThis.fetch
    pageFetch = passThrough
    globalThis.fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), location.href)
      if (!url.pathname.endsWith(functionPath)) return passThrough(input, init)
      return standInFetch(replyFor(url))(input, init)
    }
  }
  return () => {
    users -= 1
    if (users > 0 || !pageFetch) return
    globalThis.fetch = pageFetch
    pageFetch = undefined
  }
}
