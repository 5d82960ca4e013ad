import type { ConsoleError } from '#core/console-api.ts'
import { jsonResponse } from '../http/json-reply.ts'
import { Refusal } from '../http/refusal.ts'

/** A refusal on its way to the reply: its status, and the code and sentence the page shows. */
export class ConsoleRefusal extends Refusal {
  constructor(status: number, code: ConsoleError['code'], message: string) {
    super(status, code, message)
  }
}

export const unauthenticated = (message: string) =>
  new ConsoleRefusal(401, 'unauthenticated', `${message} Sign in again.`)
export const forbidden = (message: string) => new ConsoleRefusal(403, 'forbidden', message)
export const notFound = (message: string) => new ConsoleRefusal(404, 'not_found', message)
export const invalid = (message: string) => new ConsoleRefusal(400, 'invalid', message)

/** A JSON reply; nothing a console reply holds may be kept by a cache. */
export const consoleJson = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  jsonResponse(status, body, { ...headers, 'cache-control': 'no-store' })

/** A refusal as the function's other replies have it: `{ success: false, error }`. */
export const refusalReply = (refusal: Refusal, headers: Record<string, string> = {}) =>
  consoleJson(
    refusal.status,
    { success: false, error: { code: refusal.code, message: refusal.message } },
    headers,
  )

// Postgres's codes for what the policies and functions refuse, as the page words them.
const refusedByDatabase: Record<string, (message: string) => ConsoleRefusal> = {
  // insufficient_privilege, and row-level security's "new row violates" check.
  '42501': (message) => forbidden(message ? `${message}.` : 'Your role may not do that.'),
  '23503': () => notFound('There is no such lead (it may have been erased).'),
  '23505': () => invalid('That already exists.'),
  '22023': (message) => invalid(message ? `${message}.` : 'A value is not valid.'),
  '23514': () => invalid('A value is out of its allowed range.'),
}

/**
 * The refusal a database error stands for, or null for a failure of the database itself. Only
 * messages our own functions raise are passed on; a driver's text never reaches a browser.
 */
export function databaseRefusal(error: unknown): ConsoleRefusal | null {
  const { code, message } = error as { code?: string; message?: string }
  const refusal = code === undefined ? undefined : refusedByDatabase[code]
  if (refusal === undefined) return null
  const ours = /^(Only the|Name an email|A meeting is marked|This lead has no booked meeting)/.test(
    message ?? '',
  )
    ? (message ?? '')
    : ''
  return refusal(ours)
}
