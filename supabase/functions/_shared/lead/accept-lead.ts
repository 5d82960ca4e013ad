import type { DemoRequestSubmission } from '#core/demo-request-schema.ts'
import { honeypot, type LeadFieldName, leadField, leadFieldNames } from '#core/lead-fields.ts'
import { phoneE164 } from '#core/phone-number.ts'
import { clientGroup, defaultIpv6Prefix } from '../abuse/client-group.ts'
import { clientKey } from '../abuse/client-key.ts'
import {
  type RateLimit,
  secondsUntilWindowEnds,
  windowEnd,
  windowStart,
} from '../abuse/rate-limit.ts'
import { matchRoute, type Route } from '../booking/routes.ts'
import type { AfterReply } from '../http/after-reply.ts'
import type { LeadStore, LeadValues } from './lead-store.ts'
import { matchOwnerRule, type OwnerRule } from './owner-rules.ts'

/** A request read to the end and found valid: what the lead is made of. */
export interface IncomingLead {
  submission: DemoRequestSubmission
  idempotencyKey: string | null
  /** The raw `User-Agent` header. */
  userAgent: string | null
  /** The `Proof-Of-Work` header: a solved challenge (see proof-of-work.ts). */
  proof?: string | null
}

/** What accepting a lead uses. */
export interface AcceptLeadDependencies {
  leads: LeadStore
  /** The client keys' secret of the window starting at `windowStart` (see client-key.ts). */
  clientKeySecret: (windowStart: Date) => Promise<string>
  /** Tells sales about a stored lead; never throws (what fails stays due for the retries). */
  dispatch: (leadId: string) => Promise<unknown>
  /** Keeps work going after the reply, which never waits for the notifiers. */
  afterReply: AfterReply
  rateLimit: RateLimit
  /**
   * Whether leads beyond the global limit are stored with their notifications held, rather
   * than refused: only when every lead paid with a proof of work, which bounds what a flood
   * can store.
   */
  holdBeyondGlobalLimit?: boolean
  /** DEMO_REQUEST_ROUTES: the first rule the lead matches is stored with it. */
  routes?: readonly Route[]
  /** LEAD_OWNER_RULES: the first rule the lead matches names its owner. */
  ownerRules?: readonly OwnerRule[]
  now: () => Date
  log: (message: string, error?: unknown) => void
}

/**
 * The lead's id and matched rule (stored now or by an earlier try with its key), or how long to
 * wait.
 */
export type LeadOutcome =
  | { requestId: string; routeRule: number | null }
  | { retryAfterSeconds: number }

// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/g

const emptyToNull = (value: string | null | undefined) => (value ? value : null)

// How the function makes a derived field (`derivedFrom` in the catalogue) from the one it names.
const derivations: Partial<Record<LeadFieldName, (typed: string) => string | null>> = {
  phone: phoneE164,
}

/** A valid submission's values, one per catalogue field: empty ones null, derived ones made. */
function leadValues(submission: DemoRequestSubmission, userAgent: string | null): LeadValues {
  const typed: Partial<Record<string, string>> = submission
  const value = (name: LeadFieldName): string | null => {
    const { derivedFrom, max } = leadField(name)
    // From the request's header, not the body: cleaned to one line of its column's length.
    if (name === 'userAgent')
      return emptyToNull(userAgent?.replace(controlCharacters, '').slice(0, max))
    if (derivedFrom === undefined) return emptyToNull(typed[name])
    const source = typed[derivedFrom]
    return source ? (derivations[derivedFrom as LeadFieldName]?.(source) ?? null) : null
  }
  // The schema's picklist has passed the company size, and every required field is non-empty.
  return Object.fromEntries(leadFieldNames.map((name) => [name, value(name)])) as LeadValues
}

/**
 * Stores a valid lead once, within the client's and the global rate limit (or held beyond the
 * global one), and has sales told about it after the reply. Throws only when the store does.
 */
export async function acceptLead(
  { submission, idempotencyKey, userAgent }: IncomingLead,
  clientIp: string | null | undefined,
  deps: AcceptLeadDependencies,
): Promise<LeadOutcome> {
  const isSpam = Boolean(submission[honeypot.name])
  const values = leadValues(submission, userAgent)
  // A bot's lead is routed like a person's: its reply must not tell the two apart.
  const routeRule = matchRoute(deps.routes ?? [], values)?.rule ?? null
  const ownerEmail = matchOwnerRule(deps.ownerRules ?? [], values)
  const lead = { ...values, idempotencyKey, isSpam, routeRule, ownerEmail }
  const arrived = deps.now()
  const start = windowStart(arrived, deps.rateLimit.windowSeconds)
  const group = clientGroup(clientIp ?? 'unknown', deps.rateLimit.ipv6Prefix ?? defaultIpv6Prefix)
  const outcome = await deps.leads.accept(lead, {
    // The window's secret, not the moment's: every hit of a window counts under one key.
    clientKey: clientKey(await deps.clientKeySecret(start), group),
    windowStart: start,
    clientMax: deps.rateLimit.max,
    globalMax: deps.rateLimit.globalMax,
    holdUntil: deps.holdBeyondGlobalLimit ? windowEnd(start, deps.rateLimit.windowSeconds) : null,
  })
  if ('limited' in outcome) {
    return {
      retryAfterSeconds: secondsUntilWindowEnds(start, deps.rateLimit.windowSeconds, arrived),
    }
  }
  const { id, created, held } = outcome

  // A held lead waits for its window's digest (notification-dispatcher.ts).
  if (created && !isSpam && !held) deps.afterReply(deps.dispatch(id))
  // A filled honeypot gets the same answer as a person, so bots learn nothing.
  // A retry gets its first try's rule, even if the rules have changed since.
  return { requestId: id, routeRule: created ? routeRule : (outcome.routeRule ?? null) }
}
