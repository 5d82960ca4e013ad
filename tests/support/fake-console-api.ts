import type {
  AuditEntry,
  BookingFilter,
  FunnelQuery,
  LeadDetail,
  LeadFilter,
  LeadHistoryEntry,
  LeadMeeting,
  LeadSummary,
  MeetingOutcome,
  PipelineStatus,
  ReportCadence,
  StaffMe,
  StaffMember,
} from '#core/console-api.ts'
import { pipelineStatuses } from '#core/console-api.ts'
import { ConsoleApiError } from '../../site/console/console-api-error.ts'
import type { ConsoleApi } from '../../site/console/console-api-port.ts'
import { type FunnelFixture, fakeFunnelCsv, fakeFunnelReport } from './fake-console-funnel.ts'
import {
  fakeIntegrations,
  fakeTestSend,
  type IntegrationsFixture,
} from './fake-console-integrations.ts'
import { fakeShareLinks } from './fake-console-share.ts'

/** How the fake answers: whom as, how many leads, and how it fails. */
export interface FakeApiOptions {
  me: StaffMe
  leads?: number
  /** `loading` never answers; `500` and `network` fail every call but `me`; `401` every call. */
  failure?: 'loading' | '500' | 'network' | '401'
  /** Told when a call answers 401, as the real client is. */
  onSignedOut?: (message: string) => void
  /** The clock the leads are dated back from. */
  now?: Date
  /** What the funnel counted (fake-console-funnel.ts); `busy` when unset. */
  funnel?: FunnelFixture
  /** The destinations' states (fake-console-integrations.ts); `healthy` when unset. */
  integrations?: IntegrationsFixture
  /**
   * Booked meetings held a day before `now`, so they may be marked; each lead's outcome as
   * given (none by default). Without it, every booked meeting is still to come.
   */
  meetingsHeld?: Record<string, MeetingOutcome | null>
  /** The person's emailed report; none when unset. */
  report?: ReportCadence
}

const firstNames = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Ken']
const lastNames = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Dijkstra',
  'Liskov',
  'Knuth',
  'Allen',
  'Thompson',
]
const companies = [
  'Smith & Jones LLP',
  'Hale Defense Group',
  'Carter Insurance Law',
  'Reyes Partners',
]
const sources = ['site', 'partner-acme', 'partner-globex', null]
const bookingStates: (Exclude<BookingFilter, 'none'> | null)[] = [
  null,
  'booked',
  'requested',
  null,
  'cancelled',
]
const pageSize = 50

function makeLead(index: number, now: number): LeadSummary {
  const firstName = firstNames[index % firstNames.length] as string
  const lastName = lastNames[(index >> 3) % lastNames.length] as string
  const companyName = companies[index % companies.length] as string
  const bookingState = bookingStates[index % bookingStates.length] ?? null
  const createdAt = new Date(now - index * 37 * 60_000)
  return {
    id: `lead-${index}`,
    createdAt: createdAt.toISOString(),
    firstName,
    lastName,
    email:
      `${firstName}.${lastName}${index}@${companyName.split(' ')[0]?.toLowerCase()}.example`.toLowerCase(),
    companyName,
    source: sources[index % sources.length] ?? null,
    language: index % 3 === 0 ? 'es' : 'en',
    status: pipelineStatuses[index % 7 === 0 ? 1 : 0] as PipelineStatus,
    bookingState,
    bookingStart: bookingState
      ? new Date(createdAt.getTime() + 3 * 86_400_000).toISOString()
      : null,
    // Every other lead is the salesperson's, the rest nobody's yet.
    owner: index % 2 === 0 ? { userId: 'u-sales', email: 'sales@firm.example' } : null,
  }
}

const day = (iso: string) => iso.slice(0, 10)

function matches(lead: LeadSummary, filter: LeadFilter, me: string): boolean {
  const q = filter.q?.toLowerCase()
  return (
    (!filter.status || lead.status === filter.status) &&
    (filter.owner !== 'me' || lead.owner?.userId === me) &&
    (filter.owner !== 'nobody' || lead.owner === null) &&
    (!filter.source || lead.source === filter.source) &&
    (!filter.language || lead.language === filter.language) &&
    (!filter.booking || (lead.bookingState ?? 'none') === filter.booking) &&
    (!filter.from || day(lead.createdAt) >= filter.from) &&
    (!filter.to || day(lead.createdAt) <= filter.to) &&
    (!q ||
      `${lead.firstName} ${lead.lastName}`.toLowerCase().includes(q) ||
      lead.companyName.toLowerCase().includes(q) ||
      lead.email.includes(q))
  )
}

/**
 * The console function in memory, as the stories and the page's tests need it: leads made up
 * on demand (10,000 cost nothing until paged), paged by a cursor, filtered as the API filters,
 * with status changes, notes, the audit trail and the staff it records.
 */
export function fakeConsoleApi(options: FakeApiOptions): ConsoleApi & {
  /** Adds a lead as the form would, newest of all. */
  receiveLead(): LeadSummary
  calls: string[]
  /** What `funnel` and `funnelCsv` were asked, oldest first. */
  funnelQueries: { route: 'funnel' | 'funnel.csv'; query: FunnelQuery }[]
} {
  const now = (options.now ?? new Date('2026-11-28T12:00:00Z')).getTime()
  const leads: LeadSummary[] = Array.from({ length: options.leads ?? 0 }, (_, index) =>
    makeLead(index, now),
  )
  const histories = new Map<string, LeadHistoryEntry[]>()
  const integrationsFixture = options.integrations ?? 'healthy'
  const destinations = fakeIntegrations(integrationsFixture)
  const audit: AuditEntry[] = []
  const shareLinks = fakeShareLinks(options.me, now)
  const staff: StaffMember[] = [
    {
      userId: 'u-owner',
      email: 'owner@firm.example',
      role: 'owner',
      sources: [],
      invitedAt: '2026-10-01T09:00:00Z',
      takesLeads: false,
    },
    {
      userId: 'u-sales',
      email: 'sales@firm.example',
      role: 'sales',
      sources: [],
      invitedAt: '2026-10-02T09:00:00Z',
      takesLeads: true,
    },
    {
      userId: 'u-partner',
      email: 'acme@partner.example',
      role: 'partner',
      sources: ['partner-acme'],
      invitedAt: '2026-10-03T09:00:00Z',
      takesLeads: false,
    },
  ]
  const calls: string[] = []
  let report: ReportCadence = options.report ?? 'none'
  const funnelQueries: { route: 'funnel' | 'funnel.csv'; query: FunnelQuery }[] = []
  const funnelOf = (query: FunnelQuery) =>
    fakeFunnelReport(options.funnel ?? 'busy', options.me, query)
  const record = (
    action: AuditEntry['action'],
    leadId: string | null,
    detail: Record<string, unknown>,
  ) =>
    audit.unshift({
      id: `audit-${audit.length}`,
      at: new Date(now + audit.length * 1000).toISOString(),
      actor: options.me.email,
      action,
      leadId,
      detail,
    })
  for (let index = 0; index < 60; index++) {
    record(index % 3 === 0 ? 'sign_in' : 'view_lead', index % 3 === 0 ? null : `lead-${index}`, {})
  }

  // As the function records a filter: a search's words are not kept, only that there was one.
  const audited = ({ q, ...settings }: LeadFilter) => ({
    ...settings,
    ...(q ? { searched: true } : {}),
  })

  async function answer<T>(route: string, reply: () => T): Promise<T> {
    calls.push(route)
    const failure = route === 'me' && options.failure !== '401' ? undefined : options.failure
    if (failure === 'loading') return new Promise<T>(() => {})
    if (failure === '500')
      throw new ConsoleApiError(500, { code: 'internal', message: 'The console failed.' })
    if (failure === 'network') {
      throw new ConsoleApiError(0, {
        code: 'unavailable',
        message: 'The console cannot be reached. Check your connection and try again.',
      })
    }
    if (failure === '401') {
      const message = 'Your session has ended. Sign in again to go on.'
      options.onSignedOut?.(message)
      throw new ConsoleApiError(401, { code: 'unauthenticated', message })
    }
    return reply()
  }
  const find = (id: string) => {
    const lead = leads.find((each) => each.id === id)
    if (!lead) throw new ConsoleApiError(404, { code: 'not_found', message: 'No such lead.' })
    return lead
  }
  const meetings = new Map(Object.entries(options.meetingsHeld ?? {}))
  const meetingOf = (lead: LeadSummary): LeadMeeting | null => {
    if (lead.bookingState !== 'booked' || lead.bookingStart === null) return null
    const start = options.meetingsHeld
      ? new Date(now - 86_400_000).toISOString()
      : lead.bookingStart
    return {
      outcome: meetings.get(lead.id) ?? null,
      start,
      end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
      started: Date.parse(start) <= now,
    }
  }
  const detail = (lead: LeadSummary): LeadDetail => ({
    lead: {
      id: lead.id,
      created_at: lead.createdAt,
      first_name: lead.firstName,
      last_name: lead.lastName,
      email: lead.email,
      company_name: lead.companyName,
      phone: null,
      source: lead.source,
      language: lead.language,
      booking_state: lead.bookingState,
      booking_start: lead.bookingStart,
    },
    status: lead.status,
    owner: lead.owner,
    meeting: meetingOf(lead),
    history: [
      ...(histories.get(lead.id) ?? []),
      ...(lead.bookingState
        ? [{ at: lead.createdAt, kind: 'booking' as const, by: null, text: lead.bookingState }]
        : []),
      { at: lead.createdAt, kind: 'notified', by: null, text: 'email' },
      { at: lead.createdAt, kind: 'received', by: null, text: lead.source ?? 'site' },
    ],
  })
  const addHistory = (id: string, entry: LeadHistoryEntry) =>
    histories.set(id, [entry, ...(histories.get(id) ?? [])])

  return {
    calls,
    funnelQueries,
    receiveLead() {
      const lead = {
        ...makeLead(leads.length, now),
        id: `lead-new-${leads.length}`,
        // Newer than every lead so far, whatever the machine's clock says.
        createdAt: new Date(
          Math.max(Date.now(), Date.parse(leads[0]?.createdAt ?? '1970-01-01') + 60_000),
        ).toISOString(),
      }
      leads.unshift(lead)
      return lead
    },
    me: () => answer('me', () => options.me),
    leads: (filter, before) =>
      answer('leads', () => {
        const matching = leads.filter((lead) => matches(lead, filter, options.me.userId))
        const start = before ? Number(before) : 0
        const end = start + pageSize
        const page = matching.slice(start, end)
        record('list_leads', null, {
          filter: audited(filter),
          rows: page.length,
          matched: matching.length,
          ...(before ? { older: true } : {}),
        })
        return {
          leads: page,
          next: end < matching.length ? String(end) : null,
          total: matching.length,
        }
      }),
    lead: (id) =>
      answer('lead', () => {
        record('view_lead', id, {})
        return detail(find(id))
      }),
    setStatus: (id, status) =>
      answer('setStatus', () => {
        const lead = find(id)
        lead.status = status
        addHistory(id, {
          at: new Date().toISOString(),
          kind: 'status_change',
          by: options.me.email,
          text: status,
        })
        record('status_change', id, { status })
        return detail(lead)
      }),
    addNote: (id, text) =>
      answer('addNote', () => {
        addHistory(id, {
          at: new Date().toISOString(),
          kind: 'note_added',
          by: options.me.email,
          text,
        })
        record('note_added', id, {})
        return detail(find(id))
      }),
    markMeeting: (id, outcome) =>
      answer('markMeeting', () => {
        const lead = find(id)
        if (!meetingOf(lead)?.started) {
          throw new ConsoleApiError(400, {
            code: 'invalid',
            message: 'A meeting is marked once it has started.',
          })
        }
        meetings.set(id, outcome)
        addHistory(id, {
          at: new Date().toISOString(),
          kind: 'meeting',
          by: options.me.email,
          text: outcome,
          via: 'hand',
        })
        record('meeting_mark', id, { outcome })
        return detail(lead)
      }),
    owners: () =>
      answer('owners', () =>
        staff
          .filter(({ role }) => role === 'owner' || role === 'sales')
          .map(({ userId, email, role, takesLeads }) => ({ userId, email, role, takesLeads })),
      ),
    setOwner: (id, userId) =>
      answer('setOwner', () => {
        const lead = find(id)
        const person = staff.find((each) => each.userId === userId)
        if (!person || (person.role !== 'owner' && person.role !== 'sales')) {
          throw new ConsoleApiError(400, {
            code: 'invalid',
            message: 'Only the owner or a salesperson of the staff owns leads.',
          })
        }
        lead.owner = { userId, email: person.email }
        addHistory(id, {
          at: new Date().toISOString(),
          kind: 'owner_change',
          by: options.me.email,
          text: person.email,
          via: 'hand',
        })
        record('assign', id, { owner: userId, via: 'hand' })
        return detail(lead)
      }),
    exportCsv: (filter) =>
      answer('exportCsv', () => {
        const rows = leads.filter((lead) => matches(lead, filter, options.me.userId))
        record('export', null, { filter: audited(filter), rows: rows.length })
        return new Blob(
          [['id,email', ...rows.map((lead) => `${lead.id},${lead.email}`)].join('\n')],
          { type: 'text/csv' },
        )
      }),
    audit: (before) =>
      answer('audit', () => {
        const start = before ? Number(before) : 0
        const end = start + pageSize
        return { entries: audit.slice(start, end), next: end < audit.length ? String(end) : null }
      }),
    staff: () => answer('staff', () => [...staff]),
    invite: (invite) =>
      answer('invite', () => {
        const member = {
          ...invite,
          userId: `u-${staff.length}`,
          invitedAt: new Date().toISOString(),
          takesLeads: false,
        }
        staff.push(member)
        record('invite', null, { role: invite.role })
        return member
      }),
    updateStaff: (userId, change) =>
      answer('updateStaff', () => {
        const member = staff.find((each) => each.userId === userId)
        if (!member)
          throw new ConsoleApiError(404, { code: 'not_found', message: 'No such person.' })
        Object.assign(member, change)
        record('role_change', null, { role: change.role })
        return { ...member }
      }),
    removeStaff: (userId) =>
      answer('removeStaff', () => {
        const index = staff.findIndex((each) => each.userId === userId)
        if (index >= 0) staff.splice(index, 1)
        record('remove', null, {})
      }),
    erase: (request) =>
      answer('erase', () => {
        const gone = leads.filter((lead) =>
          'email' in request
            ? lead.email === request.email.toLowerCase()
            : lead.id === request.leadId,
        )
        for (const lead of gone) leads.splice(leads.indexOf(lead), 1)
        record('erase', null, { erased: gone.length })
        return { erased: gone.length }
      }),
    funnel: (query) => {
      funnelQueries.push({ route: 'funnel', query })
      return answer('funnel', () => funnelOf(query))
    },
    funnelCsv: (query) => {
      funnelQueries.push({ route: 'funnel.csv', query })
      return answer('funnelCsv', () => {
        record('export', null, { ...query })
        return new Blob([fakeFunnelCsv(funnelOf(query))], { type: 'text/csv' })
      })
    },
    report: () => answer('report', () => ({ cadence: report })),
    setReport: (cadence) =>
      answer('setReport', () => {
        if (cadence !== report) record('report_change', null, { report: cadence, was: report })
        report = cadence
        return { cadence }
      }),
    integrations: () =>
      answer('integrations', () => ({
        integrations: destinations.map((state) => ({
          ...state,
          deadLetters: [...state.deadLetters],
        })),
      })),
    retryDead: (channel) =>
      answer('retryDead', () => {
        // As the database does: dead letters wait for the job runner again.
        const state = destinations.find((each) => each.channel === channel)
        const retried = state?.dead ?? 0
        if (state) {
          state.waiting += state.dead
          state.dead = 0
          state.deadLetters = []
        }
        record('retry_deliveries', null, { channel, rows: retried })
        return { channel, retried }
      }),
    sendTest: (channel) =>
      answer('sendTest', () => {
        const state = destinations.find((each) => each.channel === channel)
        if (!state?.configured) {
          throw new ConsoleApiError(400, {
            code: 'invalid',
            message: `${channel} is not set in the function's settings: there is nothing to test.`,
          })
        }
        record('test_delivery', null, { channel })
        return fakeTestSend(integrationsFixture, channel)
      }),
    shareLinks: () => answer('shareLinks', () => shareLinks.list()),
    makeShareLink: (request) =>
      answer('makeShareLink', () => {
        const made = shareLinks.make(request)
        record('share_link', null, { link: made.link.id })
        return made
      }),
    revokeShareLink: (id) =>
      answer('revokeShareLink', () => {
        record('revoke_share_link', null, { link: shareLinks.revoke(id) })
      }),
  }
}
