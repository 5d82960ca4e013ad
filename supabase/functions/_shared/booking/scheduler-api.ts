import type { MeetingOutcome } from '#core/console-api.ts'
import { isRecord } from '#core/is-record.ts'
import type { BookingEvent, Json } from './booking-event.ts'

/** Where one scheduler's API is and the key it is read with. */
export interface SchedulerApiSettings {
  /** The API's base address, without a trailing slash (`https://api.cal.com`). */
  url: string
  key: string
}

/**
 * Reading a scheduler's bookings back from its API, for what its webhooks missed: Cal.com does
 * not deliver a webhook again after a non-2xx answer, and Calendly gives up on a subscription.
 */
export interface SchedulerApi {
  /** The setting holding the API key; unset, the provider's bookings are not read back. */
  keySetting: string
  /** The setting holding the API's address, for a self-hosted instance or a stand-in. */
  urlSetting: string
  defaultUrl: string
  /**
   * Every booking made through our pages (naming a lead, or replacing a booking) that was made
   * or changed since `since`, and those whose meeting was under way or over by `now` in the week
   * before, as the change a webhook would have reported. Rejects, with a
   * message saying what to do, when the API cannot be read to the end.
   */
  changedSince(
    api: SchedulerApiSettings,
    since: Date,
    fetch: typeof globalThis.fetch,
    now: Date,
  ): Promise<BookingEvent[]>
  /**
   * Writes a mark made in the console back to the booking `bookingId`: met clears a guest's
   * no-show. Rejects, saying what to do, when the scheduler does not take it.
   */
  markMeeting(
    api: SchedulerApiSettings,
    bookingId: string,
    outcome: MeetingOutcome,
    fetch: typeof globalThis.fetch,
  ): Promise<void>
}

/**
 * How far back the read-back looks at meetings that have started, changed or not: a no-show
 * marked at the scheduler after its meeting changes no booking Calendly filters by, nor the
 * `updatedAt` of a Cal.com booking (its attendee is marked, not the booking).
 */
export const attendanceLookBackMs = 7 * 24 * 60 * 60_000

// One page must not hold the job up for long; the next run looks again.
const requestTimeoutMs = 15_000

/**
 * GETs `url` as JSON. A refusal names the setting to check; any other failure says the job
 * looks again on its next run, which it does, from the same cursor.
 */
export function getApiJson(
  url: URL,
  headers: Record<string, string>,
  what: { name: string; keySetting: string },
  fetch: typeof globalThis.fetch,
): Promise<Json> {
  return apiJson(url, { headers }, what, fetch, 'the next run looks again')
}

/**
 * Sends `body` to `url` by `method` (a mark written back from the console), and reads the
 * reply's JSON object; `{}` for a 204. Rejects, saying what to do, on any other answer.
 */
export function sendApiJson(
  method: 'POST' | 'DELETE',
  url: URL,
  headers: Record<string, string>,
  body: unknown,
  what: { name: string; keySetting: string },
  fetch: typeof globalThis.fetch,
): Promise<Json> {
  const init: RequestInit = { method, headers: { ...headers } }
  if (body !== undefined) {
    init.headers = { ...headers, 'content-type': 'application/json' }
    init.body = JSON.stringify(body)
  }
  return apiJson(url, init, what, fetch, 'try again in a moment')
}

async function apiJson(
  url: URL,
  init: RequestInit,
  what: { name: string; keySetting: string },
  fetch: typeof globalThis.fetch,
  again: string,
): Promise<Json> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(requestTimeoutMs) })
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel()
    throw new ApiRefused(
      response.status,
      `${what.name} refused ${url.pathname} (${response.status}): check ${what.keySetting}, a key of the account whose booking pages the routes name`,
    )
  }
  if (!response.ok) {
    await response.body?.cancel()
    throw new Error(`${what.name} answered ${response.status} to ${url.pathname}; ${again}`)
  }
  if (response.status === 204) return {}
  const body: unknown = await response.json().catch(() => undefined)
  if (!isRecord(body)) throw new Error(`${what.name} sent ${url.pathname} no JSON object`)
  return body
}

/** A 401 or 403: the key is wrong, or lacks a right the request needs. */
export class ApiRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'ApiRefused'
  }
}

/** The API's base address from its setting: http(s), without a trailing slash. */
export function apiBaseUrl(setting: string, value: string | undefined, fallback: string): string {
  const text = value?.trim() || fallback
  const url = URL.canParse(text) ? new URL(text) : null
  if (url === null || !['http:', 'https:'].includes(url.protocol)) {
    throw new Error(`${setting} must be an http(s) URL such as ${fallback}, not "${value}"`)
  }
  return url.href.replace(/\/+$/, '')
}
