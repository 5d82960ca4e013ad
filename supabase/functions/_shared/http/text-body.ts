import type { MiddlewareHandler } from 'hono'
import { readCappedBody } from './read-capped-body.ts'
import { type Refused, refusal } from './refusal.ts'

/**
 * Reads the request's body as text, as it came (a signature is over the bytes sent), refusing
 * one over `maxBytes` before more is read. The handler finds it as `c.get('body')`.
 */
export function textBody(
  maxBytes: number,
  tooLarge: Refused,
): MiddlewareHandler<{ Variables: { body: string } }> {
  return async (c, next) => {
    const text = await readCappedBody(c.req.raw, maxBytes)
    if (text === null) throw await refusal(c.req.raw, tooLarge)
    c.set('body', text)
    await next()
  }
}
