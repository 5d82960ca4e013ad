import type { Handler } from 'hono'
import type { FunctionEnv } from './function-env.ts'
import { refusal } from './refusal.ts'

/**
 * The last handler of a path: any method its routes do not declare gets a 405 naming those
 * that are (`Allow`), in `message`'s words.
 */
export const methodNotAllowed =
  (allow: string, message: string): Handler<FunctionEnv> =>
  async (c) => {
    const refused = { status: 405, code: 'method_not_allowed', message }
    throw await refusal(c.req.raw, refused, { allow })
  }
