import * as v from 'valibot'
import {
  type ConsoleError,
  consoleFunctionName,
  type LeadFilter,
  type MeetingMark,
  type NewNote,
  type OwnerChange,
  type StatusChange,
} from '#core/console-api.ts'
import {
  auditPageSchema,
  eraseResultSchema,
  funnelReportSchema,
  integrationsReportSchema,
  leadDetailSchema,
  leadPageSchema,
  ownerChoicesSchema,
  reportChoiceSchema,
  retryResultSchema,
  shareLinkMadeSchema,
  shareLinksSchema,
  staffListSchema,
  staffMemberSchema,
  staffMeSchema,
  testSendResultSchema,
} from '#core/console-replies.ts'
import { ConsoleApiError, readConsoleError } from './console-api-error.ts'
import type { ConsoleApi } from './console-api-port.ts'
import type { ConsoleAuth } from './console-auth.ts'
import { funnelParams } from './funnel/funnel-query.ts'
import { filterParams } from './leads/lead-filter-query.ts'

export interface ConsoleClientOptions {
  /** The Supabase project's URL (on `npm start`, the site's own origin). */
  supabaseUrl: string
  /** The publishable key, sent as `apikey` as supabase-js sends it. */
  apikey: string
  auth: ConsoleAuth
  /** Told after a 401 has signed the person out, with the function's sentence. */
  onSignedOut: (message: string) => void
}

/** The console function over HTTP, as the signed-in person. */
export function createConsoleClient(options: ConsoleClientOptions): ConsoleApi {
  const base = `${options.supabaseUrl.replace(/\/$/, '')}/functions/v1/${consoleFunctionName}`

  async function send(method: string, route: string, body?: unknown): Promise<Response> {
    // getSession refreshes an access token that is about to expire before handing it over.
    const { data } = await options.auth.getSession()
    const token = data.session?.access_token
    if (!token) throw await signedOut({ code: 'unauthenticated', message: 'Sign in again.' })
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      apikey: options.apikey,
    }
    if (body !== undefined) headers['content-type'] = 'application/json'
    let reply: Response
    try {
      reply = await fetch(`${base}/${route}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    } catch {
      throw new ConsoleApiError(0, {
        code: 'unavailable',
        message: 'The console cannot be reached. Check your connection and try again.',
      })
    }
    if (reply.ok) return reply
    const error = readConsoleError(reply.status, await reply.json().catch(() => null))
    if (reply.status === 401) throw await signedOut(error)
    throw new ConsoleApiError(reply.status, error)
  }

  // A token the function refuses (expired, another key's, a person removed) ends the session
  // here too, so the page shows the sign-in screen rather than failing on every call.
  async function signedOut(error: ConsoleError) {
    await options.auth.signOut({ scope: 'local' }).catch(() => {})
    options.onSignedOut(error.message)
    return new ConsoleApiError(401, error)
  }

  // Every reply is parsed with its schema (console-replies.ts) before a view reads it.
  async function json<T>(
    schema: v.GenericSchema<unknown, T>,
    method: string,
    route: string,
    body?: unknown,
  ): Promise<T> {
    const reply = await send(method, route, body)
    const parsed = v.safeParse(schema, await reply.json().catch(() => undefined))
    if (parsed.success) return parsed.output
    throw new ConsoleApiError(reply.status, {
      code: 'internal',
      message: `The console's server answered ${route.split('?')[0]} in a shape this page does not read (${v.getDotPath(parsed.issues[0]) ?? 'the reply'}: ${parsed.issues[0].message}). Reload the page; if it stays, the site and the console function are of different versions: deploy both.`,
    })
  }
  const query = (params: URLSearchParams) => (params.size ? `?${params}` : '')
  const page = (filter: LeadFilter, before: string | null) => {
    const params = filterParams(filter)
    if (before) params.set('before', before)
    return query(params)
  }
  const id = encodeURIComponent

  return {
    me: () => json(staffMeSchema, 'GET', 'me'),
    leads: (filter, before) => json(leadPageSchema, 'GET', `leads${page(filter, before)}`),
    lead: (leadId) => json(leadDetailSchema, 'GET', `leads/${id(leadId)}`),
    setStatus: (leadId, status) =>
      json(leadDetailSchema, 'PATCH', `leads/${id(leadId)}`, { status } satisfies StatusChange),
    addNote: (leadId, text) =>
      json(leadDetailSchema, 'POST', `leads/${id(leadId)}/notes`, { text } satisfies NewNote),
    markMeeting: (leadId, outcome) =>
      json(leadDetailSchema, 'POST', `leads/${id(leadId)}/meeting`, {
        outcome,
      } satisfies MeetingMark),
    owners: () => json(ownerChoicesSchema, 'GET', 'owners'),
    setOwner: (leadId, userId) =>
      json(leadDetailSchema, 'POST', `leads/${id(leadId)}/owner`, {
        userId,
      } satisfies OwnerChange),
    exportCsv: async (filter) => (await send('GET', `leads.csv${page(filter, null)}`)).blob(),
    audit: (before) =>
      json(auditPageSchema, 'GET', `audit${query(new URLSearchParams(before ? { before } : {}))}`),
    staff: () => json(staffListSchema, 'GET', 'staff'),
    invite: (invite) => json(staffMemberSchema, 'POST', 'staff', invite),
    updateStaff: (userId, change) =>
      json(staffMemberSchema, 'PATCH', `staff/${id(userId)}`, change),
    removeStaff: async (userId) => {
      await send('DELETE', `staff/${id(userId)}`)
    },
    erase: (request) => json(eraseResultSchema, 'POST', 'erase', request),
    funnel: (asked) => json(funnelReportSchema, 'GET', `funnel${query(funnelParams(asked))}`),
    funnelCsv: async (asked) =>
      (await send('GET', `funnel.csv${query(funnelParams(asked))}`)).blob(),
    integrations: () => json(integrationsReportSchema, 'GET', 'integrations'),
    retryDead: (channel) => json(retryResultSchema, 'POST', `integrations/${channel}/retry`),
    sendTest: (channel) => json(testSendResultSchema, 'POST', `integrations/${channel}/test`),
    shareLinks: () => json(shareLinksSchema, 'GET', 'share-links'),
    makeShareLink: (request) => json(shareLinkMadeSchema, 'POST', 'share-links', request),
    revokeShareLink: async (linkId) => {
      await send('DELETE', `share-links/${id(linkId)}`)
    },
    report: () => json(reportChoiceSchema, 'GET', 'report'),
    setReport: (cadence) => json(reportChoiceSchema, 'PUT', 'report', { cadence }),
  }
}
