import { firmDay } from '#core/firm-day.ts'
import { checkFunnelBatch, funnelBatchLimits } from '#core/funnel-events.ts'
import { clientGroup, defaultIpv6Prefix } from '../abuse/client-group.ts'
import { clientKey } from '../abuse/client-key.ts'
import { type RateLimit, secondsUntilWindowEnds, windowStart } from '../abuse/rate-limit.ts'
import { corsHeaders, isAllowedOrigin } from '../http/cors.ts'
import { errorReply } from '../http/json-reply.ts'
import { readCappedBody } from '../http/read-capped-body.ts'
import type { FunnelBounds, FunnelStore } from './funnel-store.ts'
import { isKnownRobot } from './known-robots.ts'

/** What the events endpoint uses, passed in as the lead handler's dependencies are. */
export interface FunnelEventsDependencies {
  funnel: FunnelStore
  /** The client keys' secret of the window starting at `windowStart` (see client-key.ts). */
  clientKeySecret: (windowStart: Date) => Promise<string>
  /** The origins whose pages may post, as for leads; the function's own always may. */
  allowedOrigins: readonly string[]
  /** The leads' window and client grouping; batches are limited per client in the same windows. */
  rateLimit: Pick<RateLimit, 'windowSeconds' | 'ipv6Prefix'>
  /** ANALYTICS_CLIENT_MAX: batches, each one page view's worth, a client may add a window. */
  clientMax: number
  /** ANALYTICS_SOURCE_PAGES_MAX and ANALYTICS_DAY_PAIRS_MAX: what a day counts at most. */
  bounds: FunnelBounds
  /** SALES_TIME_ZONE: a batch counts on the firm's day it arrived, as the firm reads its leads. */
  salesTimeZone: string
  now: () => Date
  log: (message: string, error?: unknown) => void
}

/** Whether a request is for the events endpoint: the function's path plus `/events`. */
export const isEventsPath = (url: string) => /\/events\/?$/.test(new URL(url).pathname)

// What a page may send without a preflight (navigator.sendBeacon sends a string as text/plain),
// and what fetch sends when told it is JSON.
const mediaTypes = ['text/plain', 'application/json']

/**
 * `POST …/send-demo-request/events`: counts one page view's batch of funnel events
 * (src/core/funnel-events.ts) from an allowed origin. Answers 204 when counted; a 4xx
 * naming the rule broken, with nothing counted, for anything else; 503 only when the database
 * cannot be reached. No API key: a beacon sends no headers, and the key is public anyway.
 */
export function createFunnelEventsHandler(deps: FunnelEventsDependencies) {
  return async (request: Request, context: { clientIp?: string | null } = {}) => {
    const origin = request.headers.get('origin')
    // An opaque origin is never echoed back: every sandboxed frame is "null" too.
    const cors = corsHeaders(origin === 'null' ? null : origin)
    const refuse = async (status: number, code: string, message: string, extra = {}) => {
      await request.body?.cancel().catch(() => {})
      return errorReply(status, { code, message, ...extra }, cors)
    }
    const ownOrigin = new URL(request.url).origin
    // `Origin: null` is what Firefox sends for a beacon from a page under Referrer-Policy
    // no-referrer (or same-origin, to another origin): such a batch is taken, and its page's own
    // origin must be allowed instead. A script can name any Origin it likes anyway; the header
    // only stops other sites' pages, and a page that hides its origin can add to a partner's
    // views no more than the client limit and the day's bounds let anyone.
    const opaque = origin === 'null'
    if (origin === null || !(opaque || isAllowedOrigin(origin, deps.allowedOrigins, ownOrigin))) {
      // As for leads: a refused page learns nothing but that it was refused.
      await request.body?.cancel().catch(() => {})
      const { 'access-control-allow-origin': _, ...refused } = cors
      return errorReply(
        403,
        {
          code: 'forbidden_origin',
          message:
            origin === null
              ? 'Funnel events come from a web page, which names its Origin; this request names none.'
              : 'This site may not send funnel events here.',
        },
        refused,
      )
    }
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors })
    if (request.method !== 'POST') {
      await request.body?.cancel().catch(() => {})
      return errorReply(
        405,
        { code: 'method_not_allowed', message: 'Send funnel events with POST.' },
        { ...cors, allow: 'POST, OPTIONS' },
      )
    }
    const mediaType = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase()
    if (!mediaTypes.includes(mediaType ?? '')) {
      return refuse(415, 'unsupported_media_type', 'Send the batch as text/plain JSON.')
    }
    let text: string | null
    try {
      text = await readCappedBody(request, funnelBatchLimits.bodyBytes)
    } catch {
      return refuse(400, 'unreadable_body', 'The request body could not be read to its end.')
    }
    if (text === null) {
      const limit = funnelBatchLimits.bodyBytes
      return refuse(413, 'payload_too_large', `The batch is larger than ${limit} bytes.`)
    }
    let input: unknown
    try {
      input = JSON.parse(text)
    } catch {
      return refuse(400, 'invalid_json', 'The batch is not valid JSON.')
    }
    const checked = checkFunnelBatch(input)
    if (!checked.success) {
      const [where = 'batch', words = ''] = Object.entries(checked.problems)[0] ?? []
      return refuse(400, 'invalid_batch', `The batch is refused: ${where} ${words}.`, {
        fields: checked.problems,
      })
    }
    const batch = checked.output
    // A page counts only under its own origin: no site can add views to a partner's page.
    const pageOrigin = new URL(batch.page).origin
    if (opaque && !isAllowedOrigin(pageOrigin, deps.allowedOrigins, ownOrigin)) {
      return refuse(403, 'forbidden_origin', 'This page may not send funnel events here.')
    }
    if (!opaque && pageOrigin !== origin) {
      return refuse(400, 'page_not_on_origin', `The page must be on ${origin}, which sent it.`)
    }

    // A crawler's or headless browser's page view is no visitor's: answered as counted, so it
    // learns nothing, and counted nowhere.
    if (isKnownRobot(request.headers.get('user-agent'))) {
      return new Response(null, { status: 204, headers: cors })
    }

    try {
      const arrived = deps.now()
      const start = windowStart(arrived, deps.rateLimit.windowSeconds)
      const group = clientGroup(
        context.clientIp ?? 'unknown',
        deps.rateLimit.ipv6Prefix ?? defaultIpv6Prefix,
      )
      const key = clientKey(await deps.clientKeySecret(start), group)
      const limit = { clientKey: key, windowStart: start, clientMax: deps.clientMax }
      if (
        !(await deps.funnel.countBatch(
          batch,
          firmDay(arrived, deps.salesTimeZone),
          limit,
          deps.bounds,
        ))
      ) {
        const retryAfter = secondsUntilWindowEnds(start, deps.rateLimit.windowSeconds, arrived)
        return errorReply(
          429,
          {
            code: 'rate_limited',
            message: `This client has sent ${deps.clientMax} page views' events this window; try again in ${retryAfter} seconds.`,
          },
          { ...cors, 'retry-after': String(retryAfter) },
        )
      }
      return new Response(null, { status: 204, headers: cors })
    } catch (error) {
      deps.log('The funnel store failed', error)
      return errorReply(
        503,
        { code: 'unavailable', message: 'Funnel events cannot be counted right now.' },
        { ...cors, 'retry-after': '5' },
      )
    }
  }
}
