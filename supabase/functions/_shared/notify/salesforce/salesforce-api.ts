import { isRecord } from '#core/is-record.ts'
import { DeliveryRefused } from '../delivery-refused.ts'
import type { SalesforceSettings } from './salesforce-settings.ts'

// The REST API version every call names.
const salesforceApiVersion = 'v62.0'

/** A reply of Salesforce's REST API: its status and parsed JSON (undefined for none). */
export interface SalesforceReply {
  status: number
  body: unknown
}

/** One call to the org's REST API, under `/services/data/<version>`. */
export type SalesforceRequest = (
  method: 'GET' | 'PATCH',
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; what: string },
  signal: AbortSignal,
) => Promise<SalesforceReply>

interface Session {
  token: string
  /** Where the org's API is, as the token's reply names it. */
  instanceUrl: string
}

// The org's whole API allowance is counted over a rolling 24 hours, and Salesforce says nothing
// of when it frees: an hour lets the calls of that hour a day ago age out without spending more
// of it on refusals, and still reaches sales the same working day. A limit on concurrent
// long requests ("ConcurrentPerOrgLongTxn") frees as soon as they end.
const dailyLimitWaitSeconds = 3600
const concurrentLimitWaitSeconds = 60

const firstError = (body: unknown): { errorCode: string; message: string; fields: string } => {
  const [first] = Array.isArray(body) ? body.filter(isRecord) : []
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  return {
    errorCode: text(first?.errorCode),
    message: text(first?.message),
    fields: Array.isArray(first?.fields) ? first.fields.join(', ') : '',
  }
}

/** What an error reply of Salesforce's means for the delivery, as the error a notifier throws. */
export function salesforceRefusal(reply: SalesforceReply, what: string): Error {
  const { errorCode, message, fields } = firstError(reply.body)
  const said = [errorCode, fields && `on ${fields}`, message && `"${message}"`]
    .filter(Boolean)
    .join(' ')
  if (reply.status === 403 && errorCode === 'REQUEST_LIMIT_EXCEEDED') {
    return new DeliveryRefused(`Salesforce's API limit was reached at ${what} (403 ${said})`, {
      retryAfterSeconds: /concurrent/i.test(message)
        ? concurrentLimitWaitSeconds
        : dailyLimitWaitSeconds,
    })
  }
  // A value the org will not take (a required field, a validation rule, a restricted picklist)
  // is refused the same way every time.
  if (reply.status === 400) {
    return new DeliveryRefused(`Salesforce refused ${what} (400 ${said})`, { permanent: true })
  }
  if (reply.status === 401) {
    return new Error(
      `Salesforce refused a fresh token at ${what} (401 ${said}): check the connected app's run-as user and its API access`,
    )
  }
  if (reply.status === 300) {
    return new Error(
      `Salesforce found more than one Lead at ${what} (300): make the lead id field Unique as well as an External ID`,
    )
  }
  return new Error(`Salesforce answered ${reply.status} to ${what}${said ? ` (${said})` : ''}`)
}

/** The most records one sObject Collections call takes. */
export const salesforceBatchSize = 200

// Codes of a record's refusal that a later try may not meet: the row was locked, the org was
// busy. Any other (a required field, a validation rule, a restricted picklist) is the same
// every time.
const passingRecordErrors = new Set([
  'UNABLE_TO_LOCK_ROW',
  'SERVER_UNAVAILABLE',
  'REQUEST_RUNNING_TOO_LONG',
  'UNKNOWN_EXCEPTION',
])

/**
 * What one record's result in an sObject Collections reply means: undefined for a Lead written,
 * the error its own refusal comes to otherwise.
 */
export function recordRefusal(result: unknown): Error | undefined {
  if (isRecord(result) && result.success === true) return undefined
  const errors = isRecord(result) && Array.isArray(result.errors) ? result.errors : []
  const [first] = errors.filter(isRecord)
  const code = typeof first?.statusCode === 'string' ? first.statusCode : ''
  const refusal = salesforceRefusal(
    { status: 400, body: [{ errorCode: code, message: first?.message, fields: first?.fields }] },
    'the Lead',
  )
  if (code === '' || passingRecordErrors.has(code)) return new Error(refusal.message)
  return refusal
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text()
  if (text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * Calls to the org's REST API under a token of the OAuth 2.0 client credentials flow. The
 * token is kept until Salesforce answers 401 (a session ends by its policy, or is revoked);
 * then a fresh one is asked for once and the call made once more.
 */
export function salesforceApi(options: {
  settings: SalesforceSettings
  fetch: typeof globalThis.fetch
}): SalesforceRequest {
  const { settings, fetch } = options
  let session: Promise<Session> | null = null

  async function newSession(signal: AbortSignal): Promise<Session> {
    const response = await fetch(`${settings.url}/services/oauth2/token`, {
      method: 'POST',
      signal,
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
      }),
    })
    const body = await readJson(response)
    const reply = isRecord(body) ? body : {}
    if (response.status === 400 || response.status === 401) {
      throw new Error(
        `Salesforce refused the client credentials (${response.status} ${reply.error ?? ''}: ${reply.error_description ?? ''}): check SALESFORCE_CLIENT_ID and SALESFORCE_CLIENT_SECRET, and that the connected app allows the client credentials flow with a run-as user (docs/integrations.md#salesforce)`,
      )
    }
    if (!response.ok || typeof reply.access_token !== 'string') {
      throw new Error(`Salesforce's token endpoint answered ${response.status} without a token`)
    }
    const instance = typeof reply.instance_url === 'string' ? reply.instance_url : ''
    return {
      token: reply.access_token,
      instanceUrl: URL.canParse(instance) ? new URL(instance).origin : settings.url,
    }
  }

  const sessionFor = (signal: AbortSignal) => {
    if (session === null) {
      const asked = newSession(signal)
      session = asked
      asked.catch(() => {
        if (session === asked) session = null
      })
    }
    return session
  }

  return async (method, path, { body, headers }, signal) => {
    const send = async ({ token, instanceUrl }: Session): Promise<SalesforceReply> => {
      const response = await fetch(`${instanceUrl}/services/data/${salesforceApiVersion}${path}`, {
        method,
        signal,
        redirect: 'manual',
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: response.status, body: await readJson(response) }
    }
    const used = sessionFor(signal)
    const reply = await send(await used)
    if (reply.status !== 401) return reply
    // Only the first call to see the session end drops it; the others then share its successor.
    if (session === used) session = null
    return send(await sessionFor(signal))
  }
}
