import type { Context } from 'hono'
import type { FunctionEnv } from './function-env.ts'
import { errorReply, type ReplyError } from './json-reply.ts'

/** A refusal's status, code and words, as a route declares them. */
export interface Refused {
  status: number
  code: string
  message: string
}

/**
 * A request a route's declaration refuses (its origin, method, media type, size or schema).
 * Thrown by the shared middlewares, so each app words it in its own reply (its `onError`):
 * the function's JSON error, the console's, Supabase Auth's.
 */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Headers of this refusal only: `Allow` on a 405, say. */
    readonly headers: Record<string, string> = {},
    /** What the error says beyond its code and message: `fields` per input, say. */
    readonly details: Omit<ReplyError, 'code' | 'message'> = {},
  ) {
    super(message)
  }
}

/**
 * The refusal of `request`, its unread body let go first: a body nobody reads would otherwise
 * be read as the next request on a kept-alive connection, or held in memory.
 */
export async function refusal(
  request: Request,
  { status, code, message }: Refused,
  headers?: Record<string, string>,
  details?: Omit<ReplyError, 'code' | 'message'>,
): Promise<Refusal> {
  await request.body?.cancel().catch(() => {})
  return new Refusal(status, code, message, headers, details)
}

/** A refusal as the function replies: its JSON error, with the request's CORS headers. */
export function functionRefusalReply(error: Refusal, c: Context<FunctionEnv>): Response {
  return errorReply(
    error.status,
    { code: error.code, message: error.message, ...error.details },
    { ...c.get('cors'), ...error.headers },
  )
}
