import { validateSubmission } from '../../../src/demo-request-schema.ts'
import { corsHeaders, isAllowedOrigin } from './cors.ts'
import type { DemoRequestStore } from './demo-request-store.ts'
import { errorReply, jsonReply } from './json-reply.ts'
import type { Notifier } from './notifier.ts'
import { notifyLead } from './notify-lead.ts'
import { clientKey, type RateLimit, secondsUntilWindowEnds, windowStart } from './rate-limit.ts'
import { readCappedBody } from './read-capped-body.ts'

/** Everything the handler uses, passed in so Deno, Node and tests each supply their own. */
export interface HandlerDependencies {
  store: DemoRequestStore
  /** Tells sales about new leads; `null` leaves them pending for the retry command. */
  notifier: Notifier | null
  /** Exact origins (`https://example.com`) whose pages may post; the function's own always may. */
  allowedOrigins: readonly string[]
  rateLimit: RateLimit
  notifyTimeoutMs: number
  now?: () => Date
  /** Largest accepted body in bytes. */
  maxBodyBytes?: number
  log?: (message: string, error?: unknown) => void
}

/** What the server knows about a request beyond the request itself. */
export interface RequestContext {
  /** The visitor's address, as the platform or socket reports it; rate limits count by it. */
  clientIp?: string | null
}

/** A web-standard request handler, runnable under Deno, Node and in tests. */
export type DemoRequestHandler = (request: Request, context?: RequestContext) => Promise<Response>

/** Sixteen kilobytes: a hundred times a real submission, small enough to read whole. */
export const defaultMaxBodyBytes = 16 * 1024

// Visible ASCII only: the key ends up in a unique index and in logs.
const idempotencyKeyPattern = /^[\x21-\x7e]{1,200}$/
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/g

const emptyToNull = (value: string | undefined) => (value ? value : null)

/** Creates the send-demo-request handler. */
export function createDemoRequestHandler(deps: HandlerDependencies): DemoRequestHandler {
  const now = deps.now ?? (() => new Date())
  const log = deps.log ?? console.error
  const maxBodyBytes = deps.maxBodyBytes ?? defaultMaxBodyBytes

  return async (request, context = {}) => {
    const origin = request.headers.get('origin')
    const cors = corsHeaders(origin)
    const fail = (status: number, code: string, message: string, extra = {}) =>
      errorReply(status, { code, message, ...extra }, cors)

    try {
      // A browser always names its origin; requests without one are not from a web page.
      if (
        origin !== null &&
        !isAllowedOrigin(origin, deps.allowedOrigins, new URL(request.url).origin)
      ) {
        await request.body?.cancel()
        return fail(403, 'forbidden_origin', 'This site may not send demo requests here.')
      }
      if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors })
      if (request.method !== 'POST') {
        await request.body?.cancel()
        return errorReply(
          405,
          { code: 'method_not_allowed', message: 'Send demo requests with POST.' },
          { ...cors, allow: 'POST, OPTIONS' },
        )
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
      const validation = validateSubmission(input)
      if (!validation.success) {
        const fields = Object.fromEntries(
          Object.entries(validation.fields).filter(
            (entry): entry is [string, string] => entry[1] !== undefined,
          ),
        )
        if ('body' in fields && Object.keys(fields).length === 1) {
          return fail(400, 'invalid_body', 'The request body must be a JSON object.')
        }
        return fail(400, 'invalid_fields', 'Some fields need attention.', { fields })
      }
      const submission = validation.output

      try {
        if (idempotencyKey !== null) {
          // A retry of a stored request gets the first answer and is not counted again.
          const storedId = await deps.store.findIdByIdempotencyKey(idempotencyKey)
          if (storedId !== null) return jsonReply(200, { success: true, requestId: storedId }, cors)
        }

        const arrived = now()
        const start = windowStart(arrived, deps.rateLimit.windowSeconds)
        const key = await clientKey(context.clientIp ?? 'unknown')
        const hits = await deps.store.countHit(key, start)
        if (hits > deps.rateLimit.max) {
          const retryAfter = secondsUntilWindowEnds(start, deps.rateLimit.windowSeconds, arrived)
          return errorReply(
            429,
            {
              code: 'rate_limited',
              message: `Too many requests. Please try again in ${retryAfter} seconds.`,
            },
            { ...cors, 'retry-after': String(retryAfter) },
          )
        }

        const isSpam = Boolean(submission.website)
        const userAgent = request.headers.get('user-agent')?.replace(controlCharacters, '')
        const lead = {
          firstName: submission.firstName,
          lastName: submission.lastName,
          companyName: submission.companyName,
          // The schema's empty default never passes its picklist, so a valid size is never ''.
          companySize: submission.companySize as Exclude<typeof submission.companySize, ''>,
          source: emptyToNull(submission.source),
          pageUrl: emptyToNull(submission.pageUrl),
          referrer: emptyToNull(submission.referrer),
          userAgent: emptyToNull(userAgent?.slice(0, 500)),
          idempotencyKey,
          isSpam,
        }
        const { id, created } = await deps.store.insert(lead)

        if (created && !isSpam && deps.notifier !== null) {
          await notifyLead(
            { ...lead, id, createdAt: arrived },
            {
              store: deps.store,
              notifier: deps.notifier,
              now,
              timeoutMs: deps.notifyTimeoutMs,
              log,
            },
          )
        }
        // A filled honeypot gets the same answer as a person, so bots learn nothing.
        return jsonReply(200, { success: true, requestId: id }, cors)
      } catch (error) {
        log('The demo-request store failed', error)
        return fail(
          503,
          'unavailable',
          'Demo requests cannot be accepted right now. Please try again shortly.',
        )
      }
    } catch (error) {
      log('The demo-request handler failed', error)
      return fail(500, 'internal', 'Something went wrong. Please try again.')
    }
  }
}
