import type { RateLimit } from './rate-limit.ts'
import { resendApiUrl } from './resend-notifier.ts'

/** Settings read from the environment, with the defaults documented in the README. */
export interface FunctionConfig {
  allowedOrigins: string[]
  rateLimit: RateLimit
  notifyTimeoutMs: number
  /** Role the store switches to; empty keeps the login role. */
  databaseRole: string
  email: { apiKey: string; to: string[]; from: string; apiUrl: string } | null
}

/** The defaults: five submissions per client per ten minutes, five seconds for the email API. */
export const configDefaults = {
  rateLimitMax: 5,
  // A real form sees a handful of leads a day; this stops a flood from rotating addresses.
  rateLimitGlobalMax: 500,
  rateLimitWindowSeconds: 600,
  notifyTimeoutMs: 5000,
  databaseRole: 'service_role',
  emailFrom: 'Demo requests <onboarding@resend.dev>',
} as const

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback
  const number = Number(value)
  if (!Number.isInteger(number) || number < 1) {
    throw new Error(`${name} must be a positive whole number, not "${value}"`)
  }
  return number
}

/** Reads the function's settings through `env`, which returns a variable or `undefined`. */
export function readFunctionConfig(env: (name: string) => string | undefined): FunctionConfig {
  const apiKey = env('RESEND_API_KEY')?.trim() ?? ''
  const to = list(env('NOTIFY_EMAIL_TO'))
  return {
    // An origin never ends in a slash; a pasted one would otherwise never match.
    allowedOrigins: list(env('ALLOWED_ORIGINS')).map((origin) => origin.replace(/\/+$/, '')),
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
    },
    notifyTimeoutMs: positiveInteger(
      'NOTIFY_TIMEOUT_MS',
      env('NOTIFY_TIMEOUT_MS'),
      configDefaults.notifyTimeoutMs,
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
  }
}
