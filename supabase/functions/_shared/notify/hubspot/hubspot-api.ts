import { isRecord } from '#core/is-record.ts'
import { DeliveryRefused, retryAfterSeconds } from '../delivery-refused.ts'
import type { HubSpotSettings } from './hubspot-settings.ts'

type Json = Record<string, unknown>

/** One call to HubSpot's API: its JSON reply, or a rejection saying what HubSpot refused. */
export type HubSpotRequest = (
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body: unknown,
  signal: AbortSignal,
) => Promise<Json>

export interface HubSpotApiOptions {
  settings: Pick<HubSpotSettings, 'apiUrl' | 'accessToken'>
  fetch: typeof globalThis.fetch
  now: () => Date
  /** Where HubSpot's daily limit is taken to reset at midnight: the firm's own time zone. */
  timeZone: string
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

// Seconds to the next midnight in `timeZone`, when HubSpot's daily limit resets (it resets at
// midnight in the account's time zone, which the firm's SALES_TIME_ZONE is taken to be).
function secondsToMidnight(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
    timeZone,
  }).formatToParts(now)
  const part = (type: string) => Number(parts.find((candidate) => candidate.type === type)?.value)
  return 86_400 - (part('hour') * 3600 + part('minute') * 60 + part('second'))
}

/** What a refusal of HubSpot's means for the delivery, as the error a notifier throws. */
export function hubSpotRefusal(
  response: { status: number; retryAfter: string | null; body: Json },
  path: string,
  clock: Pick<HubSpotApiOptions, 'now' | 'timeZone'>,
): Error {
  const { status, body } = response
  const said = text(body.message)
  if (status === 429) {
    const policy = text(body.policyName) || 'rate'
    // Without a Retry-After: the rolling window is ten seconds; the daily one ends at midnight.
    const seconds =
      retryAfterSeconds(response.retryAfter, clock.now()) ??
      (policy === 'DAILY' ? secondsToMidnight(clock.now(), clock.timeZone) : 10)
    return new DeliveryRefused(`HubSpot's ${policy} limit was reached (429) at ${path}`, {
      retryAfterSeconds: seconds,
    })
  }
  if (status === 401) {
    return new Error(
      `HubSpot refused the access token (401): check HUBSPOT_ACCESS_TOKEN, a private app's token${said ? ` (${said})` : ''}`,
    )
  }
  if (status === 403) {
    return new Error(
      `HubSpot refused ${path} (403): give the private app the scopes in docs/integrations.md#hubspot${said ? ` (${said})` : ''}`,
    )
  }
  // A value HubSpot will not take (an invalid email, a stage not in the pipeline) is refused the
  // same way every time.
  if (status === 400) {
    return new DeliveryRefused(`HubSpot refused ${path} (400): ${said || 'a validation error'}`, {
      permanent: true,
    })
  }
  return new Error(`HubSpot answered ${status} to ${path}`)
}

/** Requests to HubSpot's API with the private app's token. */
export function hubSpotApi(options: HubSpotApiOptions): HubSpotRequest {
  return async (method, path, body, signal) => {
    const response = await options.fetch(`${options.settings.apiUrl}${path}`, {
      method,
      signal,
      // A redirected write turns into a GET that writes nothing and may answer 200.
      redirect: 'manual',
      headers: {
        authorization: `Bearer ${options.settings.accessToken}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const reply: unknown = await response.json().catch(() => ({}))
    const json = isRecord(reply) ? reply : {}
    if (response.ok) return json
    throw hubSpotRefusal(
      { status: response.status, retryAfter: response.headers.get('retry-after'), body: json },
      path,
      options,
    )
  }
}

/**
 * The records of a batch reply, in the order of its inputs. Errors beside them (a 207) fail
 * the whole delivery; one of validation is refused the same way every time.
 */
export function batchResults(reply: Json, path: string): Json[] {
  const errors = Array.isArray(reply.errors) ? reply.errors.filter(isRecord) : []
  const [first] = errors
  if (first) {
    const message = `HubSpot refused ${path}: ${text(first.message) || text(first.category)}`
    throw first.category === 'VALIDATION_ERROR'
      ? new DeliveryRefused(message, { permanent: true })
      : new Error(message)
  }
  const results = Array.isArray(reply.results) ? reply.results.filter(isRecord) : []
  if (results.length === 0) throw new Error(`HubSpot sent ${path} no results`)
  return results
}
