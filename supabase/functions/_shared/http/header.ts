import { vValidator } from '@hono/valibot-validator'
import type * as v from 'valibot'
import type { Refusal } from './refusal.ts'

/**
 * Checks the request's headers (lower-case names) against a valibot `schema`; `refuse` words
 * its issues. The handler finds the checked ones as `c.req.valid('header')`.
 */
export const header = <S extends v.GenericSchema>(
  schema: S,
  refuse: (issues: v.InferIssue<S>[]) => Refusal,
) =>
  vValidator('header', schema, (result): undefined => {
    if (!result.success) throw refuse(result.issues)
  })
