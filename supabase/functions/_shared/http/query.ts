import type { Env, MiddlewareHandler } from 'hono'

/**
 * Reads the request's query with `read`, which returns the typed value or throws a `Refusal`
 * naming the parameter at fault. The handler finds it as `c.req.valid('query')`.
 */
export function query<T, E extends Env = Env>(
  read: (params: URLSearchParams) => T,
): MiddlewareHandler<E, string, { in: { query: Record<string, string> }; out: { query: T } }> {
  return async (c, next) => {
    c.req.addValidatedData('query', read(new URL(c.req.url).searchParams) as object)
    await next()
  }
}
