import { consoleFunctionName } from '#core/console-api.ts'
import type { FunnelBounds } from '../analytics/funnel-store.ts'
import type { SqlDatabase } from '../db/sql-database.ts'
import { corsHeaders, isAllowedOrigin } from '../http/cors.ts'
import { asStaff } from './as-staff.ts'
import type { AuthAdmin } from './auth-admin.ts'
import type { ConsoleContext, RouteAnswer } from './console-context.ts'
import {
  ConsoleRefusal,
  consoleJson,
  databaseRefusal,
  forbidden,
  notFound,
  refusalReply,
  unauthenticated,
} from './console-reply.ts'
import { getFunnel, getFunnelCsv } from './funnel-routes.ts'
import { getLead, getLeads, getLeadsCsv, patchLead, postErase, postNote } from './lead-routes.ts'
import { deleteStaff, getAudit, getMe, getStaff, patchStaff, postStaff } from './staff-routes.ts'
import type { VerifyToken } from './verify-token.ts'

/** What the console's API is built from: dependencies passed in, as the function's handler. */
export interface ConsoleDeps {
  /** The database, on its login role; every query switches to `console_staff_role` and the caller. */
  db: SqlDatabase
  /** Null when neither AUTH_JWT_SECRET nor SUPABASE_URL is set: every call is then refused. */
  verify: VerifyToken | null
  authAdmin: AuthAdmin | null
  /** ALLOWED_ORIGINS: the console page's site, when the function is on another origin. */
  allowedOrigins: readonly string[]
  salesTimeZone: string
  /** ANALYTICS_SOURCE_PAGES_MAX and the like; their defaults when not given. */
  funnelBounds?: FunnelBounds
  now?: () => Date
  log?: (message: string, error?: unknown) => void
}

type Route = [method: string, path: RegExp, answer: (context: ConsoleContext) => RouteAnswer]

// src/core/console-api.ts describes each.
const routes: Route[] = [
  ['GET', /^me$/, getMe],
  ['GET', /^leads$/, getLeads],
  ['GET', /^leads\.csv$/, getLeadsCsv],
  ['GET', /^leads\/[^/]+$/, getLead],
  ['PATCH', /^leads\/[^/]+$/, patchLead],
  ['POST', /^leads\/[^/]+\/notes$/, postNote],
  ['POST', /^erase$/, postErase],
  ['GET', /^audit$/, getAudit],
  ['GET', /^funnel$/, getFunnel],
  ['GET', /^funnel\.csv$/, getFunnelCsv],
  ['GET', /^staff$/, getStaff],
  ['POST', /^staff$/, postStaff],
  ['PATCH', /^staff\/[^/]+$/, patchStaff],
  ['DELETE', /^staff\/[^/]+$/, deleteStaff],
]

// As configDefaults has them: a handler built without settings folds as the counters did.
const defaultFunnelBounds: FunnelBounds = { sourcePages: 200, dayPairs: 1000, sourceCampaigns: 50 }

const methods = 'GET, POST, PATCH, DELETE, OPTIONS'
const functionPath = new RegExp(`^/(?:functions/v1/)?${consoleFunctionName}(?:/(.*))?$`)

function bearer(request: Request): string {
  const header = request.headers.get('authorization') ?? ''
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  if (match === null) throw unauthenticated('This call carries no access token.')
  return match[1] ?? ''
}

/**
 * The console's API (src/core/console-api.ts): checks the caller's Supabase Auth token, then
 * answers each route in transactions run as that person, so row-level security decides.
 */
export function createConsoleHandler(deps: ConsoleDeps) {
  const now = deps.now ?? (() => new Date())
  const log = deps.log ?? console.error
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url)
    const origin = request.headers.get('origin')
    const allowed = origin === null || isAllowedOrigin(origin, deps.allowedOrigins, url.origin)
    const cors = corsHeaders(allowed ? origin : null, methods)
    try {
      if (!allowed) {
        throw forbidden(
          `The console does not answer pages on ${origin}: add it to ALLOWED_ORIGINS.`,
        )
      }
      // Answered before any check: a preflight carries no token.
      if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors })
      const rest = functionPath.exec(url.pathname)?.[1]?.replace(/\/+$/, '') ?? ''
      const route = routes.find(([method, path]) => method === request.method && path.test(rest))
      if (route === undefined) {
        throw notFound(`The console has no ${request.method} /${rest}.`)
      }
      const token = bearer(request)
      if (deps.verify === null) {
        throw new ConsoleRefusal(
          503,
          'unavailable',
          'The console cannot check sign-ins: set AUTH_JWT_SECRET or SUPABASE_URL in the function.',
        )
      }
      const claims = await deps.verify(token)
      if (claims === null) throw unauthenticated('Your sign-in has expired or is not valid here.')
      const context: ConsoleContext = {
        request,
        url,
        path: rest.split('/'),
        run: (work) => asStaff(deps.db, claims, work),
        runPlain: (work) => asStaff(deps.db, claims, (tx) => work(tx)),
        salesTimeZone: deps.salesTimeZone,
        funnelBounds: deps.funnelBounds ?? defaultFunnelBounds,
        authAdmin: deps.authAdmin,
        now,
        log,
      }
      const answer = await route[2](context)
      if (answer instanceof Response) {
        for (const [name, value] of Object.entries(cors)) answer.headers.set(name, value)
        return answer
      }
      return consoleJson(200, answer, cors)
    } catch (error) {
      const refusal = error instanceof ConsoleRefusal ? error : databaseRefusal(error)
      if (refusal !== null) return refusalReply(refusal, cors)
      log('The console failed to answer', error)
      return refusalReply(
        new ConsoleRefusal(
          503,
          'unavailable',
          'The console cannot answer right now. Try again shortly.',
        ),
        { ...cors, 'retry-after': '5' },
      )
    }
  }
}

/** The console's handler. */
export type ConsoleHandler = ReturnType<typeof createConsoleHandler>
