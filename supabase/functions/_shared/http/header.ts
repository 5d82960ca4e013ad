import type { Env, MiddlewareHandler } from 'hono'
import * as v from 'valibot'
import type { Refusal } from './refusal.ts'

/**
 * Checks the request's header `name` (absent: undefined) against a valibot `schema`; `refuse`
 * words its issues. The handler finds the checked value as `c.req.valid('header')[name]`.
 */
export function header<N extends string, S extends v.GenericSchema, E extends Env = Env>(
  name: N,
  schema: S,
  refuse: (issues: v.InferIssue<S>[]) => Refusal,
): MiddlewareHandler<
  E,
  string,
  { in: { header: Record<N, string> }; out: { header: Record<N, v.InferOutput<S>> } }
> {
  return async (c, next) => {
    // One header, read alone and checked synchronously: this is on the path of every lead.
    const result = v.safeParse(schema, c.req.header(name))
    if (!result.success) throw refuse(result.issues)
    c.req.addValidatedData('header', { [name]: result.output })
    await next()
  }
}
