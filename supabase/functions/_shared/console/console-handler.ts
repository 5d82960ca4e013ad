import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { consoleFunctionName } from '#core/console-api.ts'
import type { BookingProvider } from '#core/next-step.ts'
import { shareLinkRequestSchema } from '#core/share-link-request.ts'
import type { SchedulerApiSettings } from '../booking/scheduler-api.ts'
import type { SqlDatabase } from '../db/sql-database.ts'
import type { FunctionEnv } from '../http/function-env.ts'
import { allowedOrigin, preflight } from '../http/origin-policy.ts'
import { query } from '../http/query.ts'
import { Refusal } from '../http/refusal.ts'
import type { Notifier } from '../notify/notifier.ts'
import { asStaff } from './as-staff.ts'
import {
  consoleBody,
  eraseRequest,
  meetingMark,
  newNote,
  ownerChange,
  reportChoice,
  sharedRequest,
  staffChange,
  staffInvite,
  statusChange,
} from './console-bodies.ts'
import type { ConsoleContext, RouteAnswer } from './console-context.ts'
import {
  ConsoleRefusal,
  consoleJson,
  databaseRefusal,
  notFound,
  refusalReply,
  unauthenticated,
} from './console-reply.ts'
import { funnelQuery, getFunnel, getFunnelCsv } from './funnel/funnel-routes.ts'
import { getIntegrations, postRetry, postTest } from './integrations/integration-routes.ts'
import { readLeadFilter } from './leads/lead-filter.ts'
import {
  getLead,
  getLeads,
  getLeadsCsv,
  getOwners,
  leadsQuery,
  patchLead,
  postErase,
  postMeeting,
  postNote,
  postOwner,
} from './leads/lead-routes.ts'
import type { AuthAdmin } from './people/auth-admin.ts'
import {
  auditQuery,
  deleteStaff,
  getAudit,
  getMe,
  getStaff,
  patchStaff,
  postStaff,
} from './people/staff-routes.ts'
import { getReport, putReport } from './reports/report-routes.ts'
import { deleteShareLink, getShareLinks, postShared, postShareLink } from './share/share-routes.ts'
import type { VerifyToken } from './sign-in/verify-token.ts'

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
  /** ANALYTICS_SOURCE_CAMPAIGNS_MAX; 50, its default, when not given. */
  sourceCampaigns?: number
  /** The notifiers the function's settings build, for the Integrations page; none by default. */
  notifiers?: readonly Notifier[]
  /** How long "Send a test" waits for a destination (NOTIFY_TIMEOUT_MS); 10 s by default. */
  testTimeoutMs?: number
  /** Each scheduler's API (SchedulerApis); a mark is written back where one is set. None by default. */
  schedulerApis?: Record<BookingProvider, SchedulerApiSettings | null>
  fetch?: typeof globalThis.fetch
  now?: () => Date
  log?: (message: string, error?: unknown) => void
}

const methods = 'GET, POST, PUT, PATCH, DELETE, OPTIONS'
const functionPath = new RegExp(`^/(?:functions/v1/)?${consoleFunctionName}(?:/(.*))?$`)

/** The route a request is for: its path after the function's name, without a last `/`. */
const consoleRoute = (url: string) =>
  `/${functionPath.exec(new URL(url).pathname)?.[1]?.replace(/\/+$/, '') ?? ''}`

interface ConsoleEnv {
  Variables: FunctionEnv['Variables'] & { console: ConsoleContext }
}

function bearer(header: string | undefined): string {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '')
  if (match === null) throw unauthenticated('This call carries no access token.')
  return match[1] ?? ''
}

/**
 * The console's API (src/core/console-api.ts): checks the caller's Supabase Auth token, then
 * answers each route in transactions run as that person, so row-level security decides. Each
 * route declares its method, path, query or body (console-bodies.ts) and `signedIn` once.
 */
export function createConsoleHandler(deps: ConsoleDeps) {
  const now = deps.now ?? (() => new Date())
  const log = deps.log ?? console.error
  const salesTimeZone = deps.salesTimeZone
  // As configDefaults has it: a handler built without settings folds as the counters did.
  const sourceCampaigns = deps.sourceCampaigns ?? 50
  const integrations = {
    notifiers: deps.notifiers ?? [],
    testTimeoutMs: deps.testTimeoutMs ?? 10_000,
  }

  // The token, checked before the route reads anything; the person's transactions run as them.
  const signedIn: MiddlewareHandler<ConsoleEnv> = async (c, next) => {
    const token = bearer(c.req.header('authorization'))
    if (deps.verify === null) {
      throw new ConsoleRefusal(
        503,
        'unavailable',
        'The console cannot check sign-ins: set AUTH_JWT_SECRET or SUPABASE_URL in the function.',
      )
    }
    const claims = await deps.verify(token)
    if (claims === null) throw unauthenticated('Your sign-in has expired or is not valid here.')
    c.set('console', {
      request: c.req.raw,
      url: new URL(c.req.url),
      path: c.req.path.slice(1).split('/'),
      run: (work) => asStaff(deps.db, claims, work),
      runPlain: (work) => asStaff(deps.db, claims, (tx, staff) => work(tx, staff.userId)),
      salesTimeZone,
      sourceCampaigns,
      authAdmin: deps.authAdmin,
      schedulerApis: deps.schedulerApis ?? { cal: null, calendly: null },
      fetch: deps.fetch ?? globalThis.fetch,
      now,
      log,
    })
    await next()
  }
  // A route's answer: a body for a 200 JSON reply, or a reply of its own, with the CORS headers.
  const answer = async (c: Context<ConsoleEnv>, answered: Promise<RouteAnswer>) => {
    const body = await answered
    const cors = c.get('cors')
    if (!(body instanceof Response)) return consoleJson(200, body, cors)
    for (const [name, value] of Object.entries(cors ?? {})) body.headers.set(name, value)
    return body
  }

  const app = new Hono<ConsoleEnv>({ getPath: (request) => consoleRoute(request.url) })
  app.onError((error, c) => {
    const cors = c.get('cors')
    const refusal = error instanceof Refusal ? error : databaseRefusal(error)
    if (refusal !== null) return refusalReply(refusal, { ...cors, ...refusal.headers })
    log('The console failed to answer', error)
    return refusalReply(
      new ConsoleRefusal(
        503,
        'unavailable',
        'The console cannot answer right now. Try again shortly.',
      ),
      { ...cors, 'retry-after': '5' },
    )
  })
  app.notFound((c) =>
    refusalReply(notFound(`The console has no ${c.req.method} ${c.req.path}.`), c.get('cors')),
  )
  app.use(
    allowedOrigin({
      allowedOrigins: deps.allowedOrigins,
      methods,
      refused: {
        code: 'forbidden',
        message: (origin) =>
          `The console does not answer pages on ${origin}: add it to ALLOWED_ORIGINS.`,
      },
    }),
  )
  // Answered before any check: a preflight carries no token.
  app.options('*', preflight)
  const funnel = query(funnelQuery({ now, salesTimeZone, sourceCampaigns }))
  // src/core/console-api.ts describes each.
  app
    .get('/me', signedIn, (c) => answer(c, getMe(c.var.console)))
    .get('/report', signedIn, (c) => answer(c, getReport(c.var.console)))
    .put('/report', signedIn, consoleBody(reportChoice, '{ "cadence": "weekly" }'), (c) =>
      answer(c, putReport(c.var.console, c.req.valid('json'))),
    )
    .get('/leads', signedIn, query(leadsQuery), (c) =>
      answer(c, getLeads(c.var.console, c.req.valid('query'))),
    )
    .get('/leads.csv', signedIn, query(readLeadFilter), (c) =>
      answer(c, getLeadsCsv(c.var.console, c.req.valid('query'))),
    )
    .get('/leads/:id', signedIn, (c) => answer(c, getLead(c.var.console)))
    .patch('/leads/:id', signedIn, consoleBody(statusChange, '{ "status": "contacted" }'), (c) =>
      answer(c, patchLead(c.var.console, c.req.valid('json'), integrations.notifiers)),
    )
    .post(
      '/leads/:id/notes',
      signedIn,
      consoleBody(newNote, '{ "text": "Called, back on Monday" }'),
      (c) => answer(c, postNote(c.var.console, c.req.valid('json'))),
    )
    .post('/leads/:id/owner', signedIn, consoleBody(ownerChange, '{ "userId": "…" }'), (c) =>
      answer(c, postOwner(c.var.console, c.req.valid('json'))),
    )
    .post('/leads/:id/meeting', signedIn, consoleBody(meetingMark, '{ "outcome": "met" }'), (c) =>
      answer(c, postMeeting(c.var.console, c.req.valid('json'))),
    )
    .get('/owners', signedIn, (c) => answer(c, getOwners(c.var.console)))
    .post(
      '/erase',
      signedIn,
      consoleBody(eraseRequest, '{ "email": "name@example.com" } or { "leadId": "…" }'),
      (c) => answer(c, postErase(c.var.console, c.req.valid('json'))),
    )
    .get('/audit', signedIn, query(auditQuery), (c) =>
      answer(c, getAudit(c.var.console, c.req.valid('query'))),
    )
    .get('/funnel', signedIn, funnel, (c) =>
      answer(c, getFunnel(c.var.console, c.req.valid('query'))),
    )
    .get('/funnel.csv', signedIn, funnel, (c) =>
      answer(c, getFunnelCsv(c.var.console, c.req.valid('query'))),
    )
    .get('/staff', signedIn, (c) => answer(c, getStaff(c.var.console)))
    .post(
      '/staff',
      signedIn,
      consoleBody(staffInvite, '{ "email": "name@example.com", "role": "sales", "sources": [] }'),
      (c) => answer(c, postStaff(c.var.console, c.req.valid('json'))),
    )
    .patch(
      '/staff/:userId',
      signedIn,
      consoleBody(staffChange, '{ "role": "partner", "sources": ["partner-acme"] }'),
      (c) => answer(c, patchStaff(c.var.console, c.req.valid('json'))),
    )
    .delete('/staff/:userId', signedIn, (c) => answer(c, deleteStaff(c.var.console)))
    .get('/integrations', signedIn, (c) => answer(c, getIntegrations(c.var.console, integrations)))
    .post('/integrations/:channel/retry', signedIn, (c) => answer(c, postRetry(c.var.console)))
    .post('/integrations/:channel/test', signedIn, (c) =>
      answer(c, postTest(c.var.console, integrations)),
    )
    .get('/share-links', signedIn, (c) => answer(c, getShareLinks(c.var.console)))
    .post(
      '/share-links',
      signedIn,
      consoleBody(shareLinkRequestSchema, '{ "days": 30, "sources": [], "expiresInDays": 30 }'),
      (c) => answer(c, postShareLink(c.var.console, c.req.valid('json'))),
    )
    .delete('/share-links/:id', signedIn, (c) => answer(c, deleteShareLink(c.var.console)))
    // A shared link's funnel, for whoever holds the link: no sign-in, the token is the key.
    .post('/shared', consoleBody(sharedRequest, '{ "token": "…" }'), (c) =>
      answer(c, postShared({ db: deps.db, salesTimeZone, sourceCampaigns }, c.req.valid('json'))),
    )
  return (request: Request): Promise<Response> => Promise.resolve(app.fetch(request))
}

/** The console's handler. */
export type ConsoleHandler = ReturnType<typeof createConsoleHandler>
