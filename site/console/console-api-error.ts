import type { ConsoleError } from '#core/console-api.ts'

/** A refusal or failure of the console's API: the function's code and sentence, and the status. */
export class ConsoleApiError extends Error {
  readonly code: ConsoleError['code']
  readonly status: number

  constructor(status: number, error: ConsoleError) {
    super(error.message)
    this.name = 'ConsoleApiError'
    this.code = error.code
    this.status = status
  }
}

const codes: readonly ConsoleError['code'][] = [
  'unauthenticated',
  'forbidden',
  'not_found',
  'invalid',
  'gone',
  'unavailable',
  'internal',
]

/** The ConsoleError in a reply's body, or one made from its status when the body is none. */
export function readConsoleError(status: number, body: unknown): ConsoleError {
  const error = (body as { error?: unknown })?.error ?? body
  if (error && typeof error === 'object') {
    const { code, message } = error as Record<string, unknown>
    const known = codes.find((each) => each === code)
    if (known && typeof message === 'string') return { code: known, message }
  }
  if (status === 401) return { code: 'unauthenticated', message: 'Sign in again.' }
  if (status === 403) return { code: 'forbidden', message: 'Your role may not do this.' }
  if (status === 404) return { code: 'not_found', message: 'Not found.' }
  if (status >= 500)
    return { code: 'unavailable', message: `The console's server failed (${status}).` }
  return { code: 'invalid', message: `The console's server refused this (${status}).` }
}
