import { type FormFields, parseFormFields } from '#core/contact-fields.ts'
import { isRecord } from '#core/is-record.ts'
import { type BookingProvider, bookingProviders } from '#core/next-step.ts'
import { defaultIpv6Prefix } from '../abuse/client-group.ts'
import type { ProofOfWorkSettings } from '../abuse/proof-gate.ts'
import { maxChallengeBits } from '../abuse/proof-of-work.ts'
import type { RateLimit } from '../abuse/rate-limit.ts'
import { parseRoutes, type Route } from '../booking/routes.ts'
import { apiBaseUrl, type SchedulerApiSettings } from '../booking/scheduler-api.ts'
import { schedulers } from '../booking/schedulers.ts'
import type { AuthSettings } from '../console/sign-in/auth-settings.ts'
import { originPatternProblem } from '../http/allowed-origin.ts'
import { type OwnerRule, parseOwnerRules } from '../lead/owner-rules.ts'
import { defaultMaxAttempts } from '../notify/delivery-schedule.ts'
import { type HubSpotSettings, readHubSpotSettings } from '../notify/hubspot/hubspot-settings.ts'
import { resendApiUrl } from '../notify/resend-notifier.ts'
import {
  readSalesforceSettings,
  type SalesforceSettings,
} from '../notify/salesforce/salesforce-settings.ts'
import { type ChatSettings, readChatSettings } from './chat-settings.ts'

/** Settings read from the environment, with the defaults documented in docs/configuration.md. */
export interface FunctionConfig {
  allowedOrigins: string[]
  rateLimit: RateLimit
  notifyTimeoutMs: number
  /** `NOTIFY_MAX_ATTEMPTS`: tries a delivery gets before it is dead-lettered. */
  notifyMaxAttempts: number
  /** `NO_BOOKING_ALERT_SECONDS`: how long after the send an unbooked lead is nudged about. */
  noBookingAlertSeconds: number
  /** `DELIVERY_YIELD_SECONDS`: how long a new lead's deliveries wait for a burst of sends to pass. */
  deliveryYieldSeconds: number
  /** `MEETING_OUTCOME_GRACE_HOURS`: hours after its end an unmarked booked meeting counts as met. */
  meetingOutcomeGraceHours: number
  /** `QUIET_SOURCE_HOURS`: hours without views before a page that had them daily raises its alarm. */
  quietSourceHours: number
  /** Role the store switches to; empty keeps the login role. */
  databaseRole: string
  email: { apiKey: string; to: string[]; from: string; apiUrl: string } | null
  /** Where signed webhooks go, when `NOTIFY_WEBHOOK_URL` is set. */
  webhook: { url: string; secret: string } | null
  /** HubSpot, when `HUBSPOT_ACCESS_TOKEN` is set (docs/integrations.md#hubspot). */
  hubspot: HubSpotSettings | null
  /** Salesforce, when `SALESFORCE_URL` and its app are set (docs/integrations.md#salesforce). */
  salesforce: SalesforceSettings | null
  /** What the scheduled job must send to the retry endpoint; `null` keeps the endpoint off. */
  retrySecret: string | null
  /** Keys a caller must send in `apikey`; `null` checks none (the local backend given none). */
  apiKeys: readonly string[] | null
  /** The bits a challenge asks for; `null` (`POW_MAX_BITS=0`) asks no proof of work. */
  proofOfWork?: ProofOfWorkSettings | null
  /** The form's contact fields (`DEMO_REQUEST_FIELDS`): the function requires and stores these. */
  fields: FormFields
  /** The rules of `DEMO_REQUEST_ROUTES`, in order; none gives every lead today's reply. */
  routes: Route[]
  /** The rules of `LEAD_OWNER_RULES`, in order; none shares every lead in turn. */
  ownerRules: OwnerRule[]
  /**
   * Each scheduler's webhook secret, from its `secretSetting` (`CAL_WEBHOOK_SECRET`,
   * `CALENDLY_WEBHOOK_SIGNING_KEY`); `null` keeps its `…/booking/<provider>` refusing every delivery.
   */
  webhookSecrets: Record<BookingProvider, string | null>
  /**
   * Each scheduler's API, from its `api.keySetting` and `api.urlSetting` (`CAL_API_KEY`,
   * `CAL_API_URL`, `CALENDLY_API_TOKEN`, `CALENDLY_API_URL`); `null` leaves its bookings to the
   * webhooks alone. The scheduled job reads them back (booking-reconciler.ts).
   */
  schedulerApis: Record<BookingProvider, SchedulerApiSettings | null>
  /** The IANA time zone sales read times in (`SALES_TIME_ZONE`). */
  salesTimeZone: string
  /** The funnel's counting (docs/analytics.md). */
  analytics: {
    /** `ANALYTICS_CLIENT_MAX`: page views' worth of events one client may add per window. */
    clientMax: number
    /** `ANALYTICS_RETENTION_DAYS`: days a counter is kept. */
    retentionDays: number
    /** `ANALYTICS_SOURCE_PAGES_MAX`: pages a source keeps alive on an allowed origin. */
    sourcePages: number
    /** `ANALYTICS_ORIGIN_PAIRS_MAX`: source-and-page pairs an allowed origin keeps alive. */
    originPairs: number
    /** `ANALYTICS_SOURCE_CAMPAIGNS_MAX`: campaigns a source counts a day before its "other". */
    sourceCampaigns: number
  }
  /** `AUDIT_RETENTION_DAYS`: days the console's audit trail keeps an entry. */
  auditRetentionDays: number
  /** How the console function checks staff tokens and reaches Supabase Auth. */
  auth: AuthSettings
  /** Slack's and Teams' webhooks, and the console messages link to (chat-settings.ts). */
  chat: ChatSettings
}

/** The defaults: five submissions per client per ten minutes, five seconds for the email API. */
export const configDefaults = {
  rateLimitMax: 5,
  // A real form sees a handful of leads a day; this stops a flood from rotating addresses.
  rateLimitGlobalMax: 500,
  rateLimitWindowSeconds: 600,
  rateLimitIpv6Prefix: defaultIpv6Prefix,
  notifyTimeoutMs: 5000,
  notifyMaxAttempts: defaultMaxAttempts,
  // Cal.com's FORM_SUBMITTED_NO_EVENT waits as long: time to pick a slot, soon enough to call.
  noBookingAlertSeconds: 900,
  // Longer than a burst of a campaign's mail landing, short beside a salesperson's reply.
  deliveryYieldSeconds: 10,
  // A day: time for the host to mark a no-show after the call, at the scheduler or the console.
  meetingOutcomeGraceHours: 24,
  // A day: a page seen every day for a week has missed one whole day of views.
  quietSourceHours: 24,
  databaseRole: 'service_role',
  emailFrom: 'Demo requests <onboarding@resend.dev>',
  // 2^12 hashes, a few tenths of a second of a phone's Web Crypto, on a quiet day; 2^18 (about
  // 64 times as long) when the window nears the global limit.
  powMinBits: 12,
  powMaxBits: 18,
  salesTimeZone: 'UTC',
  // A busy office behind one address, each person on a few pages, in ten minutes.
  analyticsClientMax: 30,
  // A year and a month: this month's figures beside the same month last year.
  analyticsRetentionDays: 400,
  // A partner site's pages with the form seen in 30 days, and the sources it names, many times
  // over; at the bound an allowed origin holds 1,000 pairs' counters whatever a script posts.
  analyticsSourcePagesMax: 200,
  // A source's campaigns running at once, with room: past it a made-up utm_campaign buys no row.
  analyticsSourceCampaignsMax: 50,
  analyticsOriginPairsMax: 1000,
  // A year of who read and exported which lead, for a question a year on.
  auditRetentionDays: 365,
} as const

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')

// Checked here, so a typo stops the function at start rather than refusing a partner unnoticed.
function allowedOrigins(value: string | undefined): string[] {
  return list(value).map((pattern) => {
    const problem = originPatternProblem(pattern)
    if (problem !== null) throw new Error(`ALLOWED_ORIGINS: "${pattern}" ${problem}`)
    // An origin never ends in a slash; drop a pasted one so the list prints as it matches.
    return pattern.replace(/\/+$/, '')
  })
}

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback
  const number = Number(value)
  if (!Number.isInteger(number) || number < 1) {
    throw new Error(`${name} must be a positive whole number, not "${value}"`)
  }
  return number
}

// ANALYTICS_DAY_PAIRS_MAX bounded a whole day; it is still read where its successor, which
// bounds each allowed origin, is unset, so a deployment that set it keeps its number rather
// than failing to start and losing leads over an analytics setting.
function originPairs(env: (name: string) => string | undefined): number {
  const name =
    env('ANALYTICS_ORIGIN_PAIRS_MAX') === undefined && env('ANALYTICS_DAY_PAIRS_MAX') !== undefined
      ? 'ANALYTICS_DAY_PAIRS_MAX'
      : 'ANALYTICS_ORIGIN_PAIRS_MAX'
  return positiveInteger(name, env(name), configDefaults.analyticsOriginPairsMax)
}

// Coarser than /32, a registry's usual allocation to one provider, would count unrelated
// providers' customers as one client.
function ipv6Prefix(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return configDefaults.rateLimitIpv6Prefix
  const bits = Number(value)
  if (!Number.isInteger(bits) || bits < 32 || bits > 128) {
    throw new Error(
      `RATE_LIMIT_IPV6_PREFIX must be a whole number from 32 to 128 (the bits of an IPv6 address that name one client), not "${value}"`,
    )
  }
  return bits
}

// A Standard Webhooks secret: the prefix, then the base64 of the key.
const webhookSecretPattern = /^whsec_[A-Za-z0-9+/]+={0,2}$/

function webhook(url: string | undefined, secret: string | undefined): FunctionConfig['webhook'] {
  if (!url?.trim()) return null
  const parsed = URL.canParse(url.trim()) ? new URL(url.trim()) : null
  if (parsed === null || !['http:', 'https:'].includes(parsed.protocol)) {
    throw new Error(`NOTIFY_WEBHOOK_URL must be an http(s) URL, not "${url}"`)
  }
  if (!webhookSecretPattern.test(secret?.trim() ?? '')) {
    throw new Error('NOTIFY_WEBHOOK_SECRET must be set with NOTIFY_WEBHOOK_URL: whsec_ and base64')
  }
  return { url: parsed.href, secret: secret?.trim() ?? '' }
}

function bitsSetting(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback
  const bits = Number(value)
  if (!Number.isInteger(bits) || bits < 0 || bits > maxChallengeBits) {
    throw new Error(
      `${name} must be a whole number from 0 to ${maxChallengeBits} (leading zero bits a proof of work needs), not "${value}"`,
    )
  }
  return bits
}

function proofOfWork(env: (name: string) => string | undefined): ProofOfWorkSettings | null {
  const max = bitsSetting('POW_MAX_BITS', env('POW_MAX_BITS'), configDefaults.powMaxBits)
  if (max === 0) return null
  const min = bitsSetting(
    'POW_MIN_BITS',
    env('POW_MIN_BITS'),
    Math.min(configDefaults.powMinBits, max),
  )
  if (min > max) {
    throw new Error(`POW_MIN_BITS (${min}) must not be more than POW_MAX_BITS (${max})`)
  }
  return { min, max }
}

function retrySecret(value: string | undefined): string | null {
  const secret = value?.trim() ?? ''
  if (secret === '') return null
  // It guards an endpoint on the public internet.
  if (secret.length < 16) throw new Error('NOTIFY_RETRY_SECRET must be at least 16 characters')
  return secret
}

/**
 * The project's publishable keys and its legacy anon key. Supabase gives every function both:
 * `SUPABASE_PUBLISHABLE_KEYS` as a JSON object of named keys (`{"default":"sb_publishable_…"}`)
 * and `SUPABASE_ANON_KEY` (https://supabase.com/docs/guides/functions/secrets).
 */
function readApiKeys(env: (name: string) => string | undefined): string[] {
  const keys: string[] = []
  const publishable = env('SUPABASE_PUBLISHABLE_KEYS')?.trim()
  if (publishable) {
    let named: unknown
    try {
      named = JSON.parse(publishable)
    } catch {}
    if (!isRecord(named)) {
      throw new Error(
        'SUPABASE_PUBLISHABLE_KEYS must be a JSON object of named keys, like {"default":"sb_publishable_…"}',
      )
    }
    for (const key of Object.values(named)) {
      if (typeof key === 'string' && key.trim() !== '') keys.push(key.trim())
    }
  }
  const anon = env('SUPABASE_ANON_KEY')?.trim()
  if (anon) keys.push(anon)
  return keys
}

const secret = (value: string | undefined) => value?.trim() || null

function webhookSecrets(env: (name: string) => string | undefined) {
  const entries = bookingProviders.map((provider) => [
    provider,
    secret(env(schedulers[provider].secretSetting)),
  ])
  return Object.fromEntries(entries) as Record<BookingProvider, string | null>
}

// The address is checked even without a key, so a typo shows before the key is added.
function schedulerApis(env: (name: string) => string | undefined) {
  const entries = bookingProviders.map((provider) => {
    const { keySetting, urlSetting, defaultUrl } = schedulers[provider].api
    const url = apiBaseUrl(urlSetting, env(urlSetting), defaultUrl)
    const key = secret(env(keySetting))
    return [provider, key === null ? null : { url, key }]
  })
  return Object.fromEntries(entries) as Record<BookingProvider, SchedulerApiSettings | null>
}

// Checked here, so a typo shows at start rather than in the first email to sales.
function salesTimeZone(value: string | undefined): string {
  const zone = value?.trim()
  if (!zone) return configDefaults.salesTimeZone
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone: zone }).resolvedOptions().timeZone
  } catch {
    throw new Error(
      `SALES_TIME_ZONE must be an IANA time zone such as America/Chicago, not "${value}"`,
    )
  }
}

// Checked here, so a typo shows at start rather than as every invitation failing.
function authUrl(value: string | undefined): string | null {
  const text = value?.trim()
  if (!text) return null
  const url = URL.canParse(text) ? new URL(text) : null
  if (url === null || !['http:', 'https:'].includes(url.protocol)) {
    throw new Error(`SUPABASE_URL must be the project's http(s) address, not "${value}"`)
  }
  return url.origin
}

/** Reads the function's settings through `env`, which returns a variable or `undefined`. */
export function readFunctionConfig(env: (name: string) => string | undefined): FunctionConfig {
  const apiKey = env('RESEND_API_KEY')?.trim() ?? ''
  const to = list(env('NOTIFY_EMAIL_TO'))
  return {
    allowedOrigins: allowedOrigins(env('ALLOWED_ORIGINS')),
    rateLimit: {
      max: positiveInteger('RATE_LIMIT_MAX', env('RATE_LIMIT_MAX'), configDefaults.rateLimitMax),
      globalMax: positiveInteger(
        'RATE_LIMIT_GLOBAL_MAX',
        env('RATE_LIMIT_GLOBAL_MAX'),
        configDefaults.rateLimitGlobalMax,
      ),
      windowSeconds: positiveInteger(
        'RATE_LIMIT_WINDOW_SECONDS',
        env('RATE_LIMIT_WINDOW_SECONDS'),
        configDefaults.rateLimitWindowSeconds,
      ),
      ipv6Prefix: ipv6Prefix(env('RATE_LIMIT_IPV6_PREFIX')),
    },
    notifyTimeoutMs: positiveInteger(
      'NOTIFY_TIMEOUT_MS',
      env('NOTIFY_TIMEOUT_MS'),
      configDefaults.notifyTimeoutMs,
    ),
    notifyMaxAttempts: positiveInteger(
      'NOTIFY_MAX_ATTEMPTS',
      env('NOTIFY_MAX_ATTEMPTS'),
      configDefaults.notifyMaxAttempts,
    ),
    noBookingAlertSeconds: positiveInteger(
      'NO_BOOKING_ALERT_SECONDS',
      env('NO_BOOKING_ALERT_SECONDS'),
      configDefaults.noBookingAlertSeconds,
    ),
    deliveryYieldSeconds: positiveInteger(
      'DELIVERY_YIELD_SECONDS',
      env('DELIVERY_YIELD_SECONDS'),
      configDefaults.deliveryYieldSeconds,
    ),
    meetingOutcomeGraceHours: positiveInteger(
      'MEETING_OUTCOME_GRACE_HOURS',
      env('MEETING_OUTCOME_GRACE_HOURS'),
      configDefaults.meetingOutcomeGraceHours,
    ),
    quietSourceHours: positiveInteger(
      'QUIET_SOURCE_HOURS',
      env('QUIET_SOURCE_HOURS'),
      configDefaults.quietSourceHours,
    ),
    databaseRole: env('DATABASE_ROLE') ?? configDefaults.databaseRole,
    email:
      apiKey !== '' && to.length > 0
        ? {
            apiKey,
            to,
            from: env('NOTIFY_EMAIL_FROM')?.trim() || configDefaults.emailFrom,
            apiUrl: env('RESEND_API_URL')?.trim() || resendApiUrl,
          }
        : null,
    webhook: webhook(env('NOTIFY_WEBHOOK_URL'), env('NOTIFY_WEBHOOK_SECRET')),
    hubspot: readHubSpotSettings(env),
    salesforce: readSalesforceSettings(env),
    retrySecret: retrySecret(env('NOTIFY_RETRY_SECRET')),
    apiKeys: readApiKeys(env),
    proofOfWork: proofOfWork(env),
    fields: parseFormFields(env('DEMO_REQUEST_FIELDS')),
    routes: parseRoutes(env('DEMO_REQUEST_ROUTES')),
    ownerRules: parseOwnerRules(env('LEAD_OWNER_RULES')),
    webhookSecrets: webhookSecrets(env),
    schedulerApis: schedulerApis(env),
    salesTimeZone: salesTimeZone(env('SALES_TIME_ZONE')),
    analytics: {
      clientMax: positiveInteger(
        'ANALYTICS_CLIENT_MAX',
        env('ANALYTICS_CLIENT_MAX'),
        configDefaults.analyticsClientMax,
      ),
      retentionDays: positiveInteger(
        'ANALYTICS_RETENTION_DAYS',
        env('ANALYTICS_RETENTION_DAYS'),
        configDefaults.analyticsRetentionDays,
      ),
      sourcePages: positiveInteger(
        'ANALYTICS_SOURCE_PAGES_MAX',
        env('ANALYTICS_SOURCE_PAGES_MAX'),
        configDefaults.analyticsSourcePagesMax,
      ),
      originPairs: originPairs(env),
      sourceCampaigns: positiveInteger(
        'ANALYTICS_SOURCE_CAMPAIGNS_MAX',
        env('ANALYTICS_SOURCE_CAMPAIGNS_MAX'),
        configDefaults.analyticsSourceCampaignsMax,
      ),
    },
    auditRetentionDays: positiveInteger(
      'AUDIT_RETENTION_DAYS',
      env('AUDIT_RETENTION_DAYS'),
      configDefaults.auditRetentionDays,
    ),
    auth: {
      url: authUrl(env('SUPABASE_URL')),
      jwtSecret: secret(env('AUTH_JWT_SECRET')),
      serviceRoleKey: secret(env('SUPABASE_SERVICE_ROLE_KEY')),
    },
    chat: readChatSettings(env),
  }
}
