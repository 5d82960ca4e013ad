import { FunctionsClient } from '@supabase/functions-js'
import type { FunctionsInvoker } from '../src/submission/functions-client.ts'
import { functionName } from '../src/submission/send-demo-request.ts'
import {
  type FunctionReply,
  type FunctionReplyName,
  functionReplies,
  functionReplyNames,
  standInChallenge,
} from '../tests/support/function-replies.js'

/** How the stand-in answers `send-demo-request`: a reply from the one catalogue. */
export type StandInReply = FunctionReplyName

const functionPath = `/functions/v1/${functionName}`

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError')
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

// A `fetch` that answers as the function would, without a server: a GET gets a proof-of-work
// challenge, a POST the reply.
function standInFetch(reply: FunctionReply): typeof fetch {
  let posts = 0
  return (_input, init) => {
    const signal = init?.signal
    if (signal?.aborted) return Promise.reject(abortError(signal))
    if (init?.method === 'GET') return Promise.resolve(json(standInChallenge()))
    posts += 1
    // What Chromium's fetch rejects with when the connection fails.
    if (reply.drop) return Promise.reject(new TypeError('Failed to fetch'))
    return new Promise<Response>((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(abortError(signal)), { once: true })
      if (reply.never) return
      const { status, body } = posts === 1 && reply.first ? reply.first : reply
      const respond = () => resolve(json(body, status))
      if (reply.delayMs) setTimeout(respond, reply.delayMs)
      else respond()
    })
  }
}

/**
 * A real functions-js client over the stand-in `fetch`, so the form sees the same
 * `{ data, error }` values, error names and timeouts as against a deployed function.
 */
export function standInFunctions(reply: StandInReply): FunctionsInvoker {
  return standInFunctionsReplying(functionReplies[reply])
}

/** The same, answering with a reply of the story's own, such as a success naming a next step. */
export function standInFunctionsReplying(reply: FunctionReply): FunctionsInvoker {
  return new FunctionsClient('https://stand-in.invalid/functions/v1', {
    customFetch: standInFetch(reply),
  })
}

const standInHost = 'stand-in.invalid'

/**
 * A project URL for `<demo-request supabase-url>` whose calls the stand-in answers with
 * `reply`. The reply travels in the URL, so stories shown side by side in Docs each get theirs.
 */
export function standInUrl(reply: StandInReply): string {
  return `https://${standInHost}/${reply}`
}

function replyFor(url: URL): StandInReply {
  const named = url.host === standInHost ? url.pathname.split('/')[1] : undefined
  return functionReplyNames.find((reply) => reply === named) ?? 'success'
}

let pageFetch: typeof fetch | undefined
const fetches = new Map<StandInReply, typeof fetch>()
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
      const reply = replyFor(url)
      // One stand-in per reply, so a reply that differs on its first POST says so only once.
      if (!fetches.has(reply)) fetches.set(reply, standInFetch(functionReplies[reply]))
      return (fetches.get(reply) as typeof fetch)(input, init)
    }
  }
  return () => {
    users -= 1
    if (users > 0 || !pageFetch) return
    globalThis.fetch = pageFetch
    pageFetch = undefined
    fetches.clear()
  }
}
