import type { FormFields } from '#core/contact-fields.ts'
import type { ProofGate } from '../abuse/proof-gate.ts'
import { nextStep, type RouteLead } from '../booking/routes.ts'
import { type AfterReply, platformAfterReply, trackPendingWork } from '../http/after-reply.ts'
import { corsHeaders } from '../http/cors.ts'
import { errorReply, jsonReply } from '../http/json-reply.ts'
import { logRefusedOriginOnce } from '../http/refused-origin-log.ts'
import { type AcceptLeadDependencies, acceptLead, type LeadOutcome } from './accept-lead.ts'
import { type IncomingLead, readDemoRequest } from './read-demo-request.ts'

/** Everything the handler uses, passed in so Deno, Node and tests each supply their own. */
export interface HandlerDependencies
  extends Omit<AcceptLeadDependencies, 'now' | 'log' | 'afterReply' | 'holdBeyondGlobalLimit'> {
  /**
   * Origins (`https://example.com`) and patterns (`https://*.example.com`) whose pages may
   * post; the function's own always may.
   */
  allowedOrigins: readonly string[]
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

// What the server knows about a request beyond the request itself.
interface RequestContext {
  /** The visitor's address, as the platform or socket reports it; rate limits count by it. */
  clientIp?: string | null
}

/** A web-standard request handler, runnable under Deno, Node and in tests. */
export type DemoRequestHandler = (request: Request, context?: RequestContext) => Promise<Response>

// Sixteen kilobytes: a hundred times a real submission, small enough to read whole.
const defaultMaxBodyBytes = 16 * 1024

/** Creates the send-demo-request handler: reads the request, then accepts the lead. */
export function createDemoRequestHandler(deps: HandlerDependencies): DemoRequestHandler {
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
  const reading = {
    allowedOrigins: deps.allowedOrigins,
    maxBodyBytes: deps.maxBodyBytes ?? defaultMaxBodyBytes,
    // A refusal is the browser's only sign; the log names the setting that would allow it.
    onRefusedOrigin: logRefusedOriginOnce(log),
    fields: deps.fields ?? [],
  }
  const gate = deps.proofOfWork ?? null
  const unavailable = (cors: Record<string, string>) =>
    errorReply(
      503,
      {
        code: 'unavailable',
        message: 'Demo requests cannot be accepted right now. Please try again shortly.',
      },
      // The database fails fast and comes back by itself; a few seconds is a fair wait.
      { ...cors, 'retry-after': '5' },
    )

  return async (request, context = {}) => {
    const cors = corsHeaders(request.headers.get('origin'))
    try {
      const read = await readDemoRequest(request, { ...reading, cors })
      if ('reply' in read) return read.reply

      let outcome: LeadOutcome
      try {
        if ('challenge' in read) {
          // With proofs off (POW_MAX_BITS=0) there is none to solve: the widget posts without,
          // and a page sees no failed request in its console.
          const challenge = gate ? await gate.challenge(accepting.now()) : null
          // Each challenge pays for one lead: no cache may hand it to a second visitor.
          return jsonReply(
            200,
            { success: true, challenge },
            { ...cors, 'cache-control': 'no-store' },
          )
        }
        const lead = read.lead
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
        outcome = await acceptLead(lead, context.clientIp, accepting)
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
      const lead = read.lead.submission as RouteLead
      const next = nextStep(route, lead, requestId, embedDomain(request, read.lead))
      return jsonReply(200, { success: true, requestId, next }, cors)
    } catch (error) {
      accepting.log('The demo-request handler failed', error)
      return errorReply(
        500,
        { code: 'internal', message: 'Something went wrong. Please try again.' },
        cors,
      )
    }
  }
}
