import { Hono } from 'hono'
import * as v from 'valibot'
import type { FormFields } from '#core/contact-fields.ts'
import { checkSubmission, fieldMessage, type MessageCode } from '#core/demo-request-schema.ts'
import type { ProofGate } from '../abuse/proof-gate.ts'
import { nextStep, type RouteLead } from '../booking/routes.ts'
import { type AfterReply, platformAfterReply, trackPendingWork } from '../http/after-reply.ts'
import { corsHeaders } from '../http/cors.ts'
import { functionApp, functionHandler } from '../http/function-app.ts'
import type { FunctionEnv } from '../http/function-env.ts'
import { header } from '../http/header.ts'
import { jsonBody } from '../http/json-body.ts'
import { errorReply, jsonReply } from '../http/json-reply.ts'
import { methodNotAllowed } from '../http/method-not-allowed.ts'
import { allowedOrigin, preflight } from '../http/origin-policy.ts'
import { functionRefusalReply, Refusal } from '../http/refusal.ts'
import { logRefusedOriginOnce } from '../http/refused-origin-log.ts'
import { requireApiKey } from '../http/require-api-key.ts'
import {
  type AcceptLeadDependencies,
  acceptLead,
  type IncomingLead,
  type LeadOutcome,
} from './accept-lead.ts'

/** Everything the handler uses, passed in so Deno, Node and tests each supply their own. */
export interface HandlerDependencies
  extends Omit<AcceptLeadDependencies, 'now' | 'log' | 'afterReply' | 'holdBeyondGlobalLimit'> {
  /**
   * Origins (`https://example.com`) and patterns (`https://*.example.com`) whose pages may
   * post; the function's own always may.
   */
  allowedOrigins: readonly string[]
  /** The project's keys, one of which every call but a preflight sends; null checks none. */
  apiKeys?: readonly string[] | null
  now?: () => Date
  /** Largest accepted body in bytes. */
  maxBodyBytes?: number
  log?: (message: string, error?: unknown) => void
  /** Where work after the reply goes: by default `EdgeRuntime.waitUntil` on Supabase. */
  afterReply?: AfterReply
  /** Hands out challenges (GET) and asks every lead for a solved one; without it, none. */
  proofOfWork?: ProofGate | null
  /** The form's contact fields (`DEMO_REQUEST_FIELDS`); none by default (docs/requirements.md#fields). */
  fields?: FormFields
  /** Told of each send from its start to its reply, which deliveries give way to. */
  traffic?: { begin(): () => void }
}

/**
 * The host of the page the form is on, which Calendly needs to post its embed events to: the
 * request's Origin, or the page address the widget reports when the browser sends none.
 */
function embedDomain(request: Request, lead: IncomingLead): string {
  for (const address of [request.headers.get('origin'), lead.submission.pageUrl]) {
    if (!address || address === 'null') continue
    try {
      return new URL(address).host
    } catch {}
  }
  return ''
}

/** A web-standard request handler, runnable under Deno, Node and in tests. */
export type { FunctionHandler as DemoRequestHandler } from '../http/function-app.ts'

// Sixteen kilobytes: a hundred times a real submission, small enough to read whole.
const defaultMaxBodyBytes = 16 * 1024

// Visible ASCII only: the key ends up in a unique index and in logs.
const idempotencyKey = v.optional(v.pipe(v.string(), v.regex(/^[\x21-\x7e]{1,200}$/)))
const invalidIdempotencyKey = () =>
  new Refusal(
    400,
    'invalid_idempotency_key',
    'The Idempotency-Key header must be 1 to 200 visible ASCII characters.',
  )

/** The submission checked for a form with `fields`, or the refusal naming each field's fault. */
const submissionCheck = (fields: FormFields) => (input: unknown) => {
  const validation = checkSubmission(input, fields)
  if (validation.success) return validation.output
  const codes = Object.fromEntries(
    Object.entries(validation.codes).filter(
      (entry): entry is [string, MessageCode] => entry[1] !== undefined,
    ),
  )
  if ('body' in codes && Object.keys(codes).length === 1) {
    return reject(400, 'invalid_body', 'The request body must be a JSON object.')
  }
  // Each field's English words, and beside them its code: a form in another language words
  // the code itself, and an older one keeps showing the words.
  const words = Object.fromEntries(
    Object.entries(codes).map(([name, code]) => [name, fieldMessage(name, code)]),
  )
  return reject(400, 'invalid_fields', 'Some fields need attention.', { fields: words, codes })
}

function reject(
  status: number,
  code: string,
  message: string,
  details?: ConstructorParameters<typeof Refusal>[4],
): never {
  throw new Refusal(status, code, message, {}, details)
}

/**
 * The send's routes, at `/`: GET hands out a proof-of-work challenge, POST accepts a lead,
 * OPTIONS answers the preflight; each from an allowed page, with the project's key.
 */
export function demoRequestRoutes(deps: HandlerDependencies): Hono<FunctionEnv> {
  const log = deps.log ?? console.error
  // Off Supabase the work runs on in this process; a server that waits for it passes its own.
  const afterReply = deps.afterReply ?? platformAfterReply(trackPendingWork(log).afterReply, log)
  const accepting = {
    ...deps,
    now: deps.now ?? (() => new Date()),
    log,
    afterReply,
    // Every lead that reaches the store paid with a proof, so beyond the global limit it is
    // held, not refused: a flood can no longer shut the form for everyone.
    holdBeyondGlobalLimit: Boolean(deps.proofOfWork),
  }
  const maxBytes = deps.maxBodyBytes ?? defaultMaxBodyBytes
  const gate = deps.proofOfWork ?? null
  const unavailable = (cors: Record<string, string> | undefined) =>
    errorReply(
      503,
      {
        code: 'unavailable',
        message: 'Demo requests cannot be accepted right now. Please try again shortly.',
      },
      // The database fails fast and comes back by itself; a few seconds is a fair wait.
      { ...cors, 'retry-after': '5' },
    )

  const app = new Hono<FunctionEnv>()
  app.onError((error, c) => {
    if (error instanceof Refusal) return functionRefusalReply(error, c)
    accepting.log('The demo-request handler failed', error)
    return errorReply(
      500,
      { code: 'internal', message: 'Something went wrong. Please try again.' },
      c.get('cors') ?? corsHeaders(c.req.header('origin') ?? null),
    )
  })

  if (deps.apiKeys) app.use('/', requireApiKey(deps.apiKeys))
  app.use(
    '/',
    allowedOrigin({
      allowedOrigins: deps.allowedOrigins,
      refused: {
        code: 'forbidden_origin',
        message: () => 'This site may not send demo requests here.',
      },
      // A refusal is the browser's only sign; the log names the setting that would allow it.
      onRefused: logRefusedOriginOnce(log),
    }),
  )
  app.options('/', preflight)
  // A challenge, whether or not this function asks for proofs: with proofs off (POW_MAX_BITS=0)
  // there is none to solve, and a page sees no failed request in its console.
  app.get('/', async (c) => {
    let challenge: string | null
    try {
      challenge = gate ? await gate.challenge(accepting.now()) : null
    } catch (error) {
      accepting.log('The demo-request store failed', error)
      return unavailable(c.get('cors'))
    }
    // Each challenge pays for one lead: no cache may hand it to a second visitor.
    const headers = { ...c.get('cors'), 'cache-control': 'no-store' }
    return jsonReply(200, { success: true, challenge }, headers)
  })
  const { traffic } = deps
  if (traffic) {
    app.post('/', async (_c, next) => {
      const answered = traffic.begin()
      try {
        await next()
      } finally {
        answered()
      }
    })
  }
  app.post(
    '/',
    header('idempotency-key', idempotencyKey, invalidIdempotencyKey),
    jsonBody(submissionCheck(deps.fields ?? []), {
      maxBytes,
      mediaTypes: ['application/json'],
      refusals: {
        mediaType: {
          status: 415,
          code: 'unsupported_media_type',
          message: 'Send the demo request as application/json.',
        },
        tooLarge: {
          status: 413,
          code: 'payload_too_large',
          message: `The request is larger than ${maxBytes} bytes.`,
        },
        invalidJson: {
          status: 400,
          code: 'invalid_json',
          message: 'The request body is not valid JSON.',
        },
      },
    }),
    async (c) => {
      const cors = c.get('cors')
      const lead: IncomingLead = {
        submission: c.req.valid('json'),
        idempotencyKey: c.req.valid('header')['idempotency-key'] ?? null,
        userAgent: c.req.header('user-agent') ?? null,
        proof: c.req.header('proof-of-work') ?? null,
      }
      let outcome: LeadOutcome
      try {
        const problem =
          gate && (await gate.check(lead.proof ?? null, lead.idempotencyKey, accepting.now()))
        if (problem) {
          return errorReply(
            403,
            {
              code: 'proof_of_work_invalid',
              message: `The request's proof of work is refused: ${problem}. Reload the page and send the form again.`,
            },
            cors,
          )
        }
        outcome = await acceptLead(lead, c.env?.clientIp, accepting)
      } catch (error) {
        accepting.log('The demo-request store failed', error)
        return unavailable(cors)
      }
      if ('retryAfterSeconds' in outcome) {
        const retryAfter = outcome.retryAfterSeconds
        return errorReply(
          429,
          {
            code: 'rate_limited',
            message: `Too many requests. Please try again in ${retryAfter} seconds.`,
          },
          { ...cors, 'retry-after': String(retryAfter) },
        )
      }
      const { requestId, routeRule } = outcome
      const route = deps.routes?.find((rule) => rule.rule === routeRule)
      // No rule matched, or none is set: exactly the reply of docs/requirements.md#backend-call.
      if (route === undefined) return jsonReply(200, { success: true, requestId }, cors)
      const routed = lead.submission as RouteLead
      const next = nextStep(route, routed, requestId, embedDomain(c.req.raw, lead))
      return jsonReply(200, { success: true, requestId, next }, cors)
    },
  )
  app.all('/', methodNotAllowed('GET, POST, OPTIONS', 'Send demo requests with POST.'))
  return app
}

/** Creates the send-demo-request handler on its own: its routes, at any path. */
export function createDemoRequestHandler(deps: HandlerDependencies) {
  return functionHandler(functionApp().route('/', demoRequestRoutes(deps)))
}
