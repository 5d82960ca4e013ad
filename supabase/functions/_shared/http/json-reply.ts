import type { NextStep } from '#core/next-step.ts'

/**
 * A machine-readable error: `code` for programs, `message` for people, `fields` per input in
 * English and `codes` per input for a reader that words them in another language.
 */
export interface ReplyError {
  code: string
  message: string
  fields?: Record<string, string>
  codes?: Record<string, string>
}

/** The body of every reply of the function. */
export type ReplyBody =
  /** `next`: what the form offers after the send, when DEMO_REQUEST_ROUTES matched the lead. */
  | { success: true; requestId: string; next?: NextStep }
  | { success: true; challenge: string | null }
  | { success: false; error: ReplyError }

/** A JSON reply; supabase-js only parses bodies typed `application/json`. */
export function jsonReply(
  status: number,
  body: ReplyBody,
  headers: Record<string, string> = {},
): Response {
  return jsonResponse(status, body, headers)
}

/** Any JSON body, with its length, as every reply of the functions is sent. */
export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  const bytes = new TextEncoder().encode(JSON.stringify(body))
  return new Response(bytes, {
    status,
    headers: {
      ...headers,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(bytes.byteLength),
    },
  })
}

/** A failure reply with its code and message. */
export function errorReply(
  status: number,
  error: ReplyError,
  headers: Record<string, string> = {},
): Response {
  return jsonReply(status, { success: false, error }, headers)
}
