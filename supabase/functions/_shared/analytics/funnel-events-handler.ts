import { Hono } from 'hono'
import { firmDay } from '#core/firm-day.ts'
import { checkFunnelBatch, funnelBatchLimits } from '#core/funnel-events.ts'
import { clientGroup, defaultIpv6Prefix } from '../abuse/client-group.ts'
import { clientKey } from '../abuse/client-key.ts'
import { type RateLimit, secondsUntilWindowEnds, windowStart } from '../abuse/rate-limit.ts'
import { allowedOriginEntry } from '../http/cors.ts'
import type { FunctionEnv } from '../http/function-env.ts'
import { jsonBody } from '../http/json-body.ts'
import { errorReply } from '../http/json-reply.ts'
import { methodNotAllowed } from '../http/method-not-allowed.ts'
import { allowedOrigin, preflight } from '../http/origin-policy.ts'
import { Refusal } from '../http/refusal.ts'
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
  /** ANALYTICS_SOURCE_PAGES_MAX and ANALYTICS_ORIGIN_PAIRS_MAX: what is counted at most. */
  bounds: FunnelBounds
  /** SALES_TIME_ZONE: a batch counts on the firm's day it arrived, as the firm reads its leads. */
  salesTimeZone: string
  now: () => Date
  log: (message: string, error?: unknown) => void
}

// What a page may send without a preflight (navigator.sendBeacon sends a string as text/plain),
// and what fetch sends when told it is JSON.
const mediaTypes = ['text/plain', 'application/json']

/** The batch checked, or the refusal naming its first fault (and every field's in `fields`). */
function batchCheck(input: unknown) {
  const checked = checkFunnelBatch(input)
  if (checked.success) return checked.output
  const [where = 'batch', words = ''] = Object.entries(checked.problems)[0] ?? []
  throw new Refusal(
    400,
    'invalid_batch',
    `The batch is refused: ${where} ${words}.`,
    {},
    {
      fields: checked.problems,
    },
  )
}

/**
 * `POST …/send-demo-request/events`: counts one page view's batch of funnel events
 * (src/core/funnel-events.ts) from an allowed origin. Answers 204 when counted; a 4xx
 * naming the rule broken, with nothing counted, for anything else; 503 only when the database
 * cannot be reached. No API key: a beacon sends no headers, and the key is public anyway.
 */
export function funnelEventsRoutes(deps: FunnelEventsDependencies): Hono<FunctionEnv> {
  const maxBytes = funnelBatchLimits.bodyBytes
  const app = new Hono<FunctionEnv>()
  // `Origin: null` is what Firefox sends for a beacon from a page under Referrer-Policy
  // no-referrer (or same-origin, to another origin): such a batch is taken, and its page's own
  // origin must be allowed instead. A script can name any Origin it likes anyway; the header
  // only stops other sites' pages, and a page that hides its origin can add to a partner's
  // views no more than the client limit and its origin's room let anyone.
  app.use(
    '/',
    allowedOrigin({
      allowedOrigins: deps.allowedOrigins,
      requireOrigin: true,
      opaqueOrigin: true,
      refused: {
        code: 'forbidden_origin',
        message: (origin) =>
          origin === null
            ? 'Funnel events come from a web page, which names its Origin; this request names none.'
            : 'This site may not send funnel events here.',
      },
    }),
  )
  app.options('/', preflight)
  app.post(
    '/',
    jsonBody(batchCheck, {
      maxBytes,
      mediaTypes,
      refusals: {
        mediaType: {
          status: 415,
          code: 'unsupported_media_type',
          message: 'Send the batch as text/plain JSON.',
        },
        unreadable: {
          status: 400,
          code: 'unreadable_body',
          message: 'The request body could not be read to its end.',
        },
        tooLarge: {
          status: 413,
          code: 'payload_too_large',
          message: `The batch is larger than ${maxBytes} bytes.`,
        },
        invalidJson: { status: 400, code: 'invalid_json', message: 'The batch is not valid JSON.' },
      },
    }),
    async (c) => {
      const request = c.req.raw
      const cors = c.get('cors')
      const origin = c.req.header('origin')
      const opaque = origin === 'null'
      const batch = c.req.valid('json')
      // A page counts only under its own origin: no site can add views to a partner's page.
      const pageOrigin = new URL(batch.page).origin
      // The entry that let the page in: its room holds the page if it is new (docs/analytics.md).
      const allowedEntry = allowedOriginEntry(
        pageOrigin,
        deps.allowedOrigins,
        new URL(request.url).origin,
      )
      if (opaque && allowedEntry === null) {
        return errorReply(
          403,
          { code: 'forbidden_origin', message: 'This page may not send funnel events here.' },
          cors,
        )
      }
      if (!opaque && pageOrigin !== origin) {
        return errorReply(
          400,
          { code: 'page_not_on_origin', message: `The page must be on ${origin}, which sent it.` },
          cors,
        )
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
          c.env?.clientIp ?? 'unknown',
          deps.rateLimit.ipv6Prefix ?? defaultIpv6Prefix,
        )
        const key = clientKey(await deps.clientKeySecret(start), group)
        const limit = {
          clientKey: key,
          windowStart: start,
          clientMax: deps.clientMax,
          arrived,
          ...(allowedEntry !== null && { origin: allowedEntry }),
        }
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
    },
  )
  app.all('/', methodNotAllowed('POST, OPTIONS', 'Send funnel events with POST.'))
  return app
}
