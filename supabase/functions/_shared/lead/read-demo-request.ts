import type { FormFields } from '#core/contact-fields.ts'
import {
  checkSubmission,
  type DemoRequestSubmission,
  fieldMessage,
  type MessageCode,
} from '#core/demo-request-schema.ts'
import { isAllowedOrigin } from '../http/cors.ts'
import { errorReply } from '../http/json-reply.ts'
import { readCappedBody } from '../http/read-capped-body.ts'

/** A request read to the end and found valid: what the lead is made of. */
export interface IncomingLead {
  submission: DemoRequestSubmission
  idempotencyKey: string | null
  /** The raw `User-Agent` header. */
  userAgent: string | null
  /** The `Proof-Of-Work` header: a solved challenge (see proof-of-work.ts). */
  proof?: string | null
}

/** What reading a request needs to know. */
export interface ReadOptions {
  /**
   * Origins (`https://example.com`) and patterns (`https://*.example.com`) whose pages may
   * post; the function's own always may.
   */
  allowedOrigins: readonly string[]
  /** Largest accepted body in bytes. */
  maxBodyBytes: number
  /** The CORS headers for this request's origin; every reply carries them. */
  cors: Record<string, string>
  /** Told each origin refused, so the operator can learn which to allow. */
  onRefusedOrigin?: (origin: string) => void
  /** The form's contact fields: required ones must come, ones it lacks must not. */
  fields?: FormFields
}

// Visible ASCII only: the key ends up in a unique index and in logs.
const idempotencyKeyPattern = /^[\x21-\x7e]{1,200}$/

/**
 * Checks a request from its origin to its fields. Returns the reply to send at once (a
 * preflight's, or an error's), or the lead to accept.
 */
export async function readDemoRequest(
  request: Request,
  { allowedOrigins, maxBodyBytes, cors, onRefusedOrigin, fields }: ReadOptions,
): Promise<{ reply: Response } | { lead: IncomingLead } | { challenge: true }> {
  const fail = (status: number, code: string, message: string, extra = {}) => ({
    reply: errorReply(status, { code, message, ...extra }, cors),
  })

  const origin = request.headers.get('origin')
  // A browser always names its origin; requests without one are not from a web page.
  if (origin !== null && !isAllowedOrigin(origin, allowedOrigins, new URL(request.url).origin)) {
    await request.body?.cancel()
    onRefusedOrigin?.(origin)
    // No Access-Control-Allow-Origin: a refused page learns nothing but that it was refused.
    const { 'access-control-allow-origin': _, ...refused } = cors
    const error = {
      code: 'forbidden_origin',
      message: 'This site may not send demo requests here.',
    }
    return { reply: errorReply(403, error, refused) }
  }
  if (request.method === 'OPTIONS') {
    return { reply: new Response(null, { status: 204, headers: cors }) }
  }
  // A GET asks for a proof-of-work challenge, whether or not this function asks for proofs.
  if (request.method === 'GET') return { challenge: true }
  if (request.method !== 'POST') {
    await request.body?.cancel()
    return {
      reply: errorReply(
        405,
        { code: 'method_not_allowed', message: 'Send demo requests with POST.' },
        { ...cors, allow: 'GET, POST, OPTIONS' },
      ),
    }
  }
  const mediaType = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase()
  if (mediaType !== 'application/json') {
    await request.body?.cancel()
    return fail(415, 'unsupported_media_type', 'Send the demo request as application/json.')
  }
  const text = await readCappedBody(request, maxBodyBytes)
  if (text === null) {
    return fail(413, 'payload_too_large', `The request is larger than ${maxBodyBytes} bytes.`)
  }
  let input: unknown
  try {
    input = JSON.parse(text)
  } catch {
    return fail(400, 'invalid_json', 'The request body is not valid JSON.')
  }
  const idempotencyKey = request.headers.get('idempotency-key')
  if (idempotencyKey !== null && !idempotencyKeyPattern.test(idempotencyKey)) {
    return fail(
      400,
      'invalid_idempotency_key',
      'The Idempotency-Key header must be 1 to 200 visible ASCII characters.',
    )
  }
  const validation = checkSubmission(input, fields)
  if (!validation.success) {
    const codes = Object.fromEntries(
      Object.entries(validation.codes).filter(
        (entry): entry is [string, MessageCode] => entry[1] !== undefined,
      ),
    )
    if ('body' in codes && Object.keys(codes).length === 1) {
      return fail(400, 'invalid_body', 'The request body must be a JSON object.')
    }
    // Each field's English words, and beside them its code: a form in another language words
    // the code itself, and an older one keeps showing the words.
    const fields = Object.fromEntries(
      Object.entries(codes).map(([name, code]) => [name, fieldMessage(name, code)]),
    )
    return fail(400, 'invalid_fields', 'Some fields need attention.', { fields, codes })
  }
  return {
    lead: {
      submission: validation.output,
      idempotencyKey,
      userAgent: request.headers.get('user-agent'),
      proof: request.headers.get('proof-of-work'),
    },
  }
}
