import type {
  LeadDetail,
  LeadFilter,
  LeadHistoryEntry,
  LeadMeeting,
  LeadOwnerRef,
  LeadPage,
  LeadSummary,
  MeetingOutcome,
  PipelineStatus,
} from '#core/console-api.ts'
import type { SqlDatabase } from '../../db/sql-database.ts'
import { toDate } from '../../db/sql-role.ts'
import { type LeadRow, leadColumns, leadFromRow } from '../../lead/lead-row.ts'
import type { StoredDemoRequest } from '../../lead/lead-store.ts'
import { encodeCursor, type Keyset, keysetAt } from '../keyset-cursor.ts'
import { filterSql } from './lead-filter.ts'

const iso = (value: Date | string | null) => (value === null ? null : toDate(value).toISOString())

/**
 * The leads the filter matches, newest first, `limit` of them before `before`, as one SQL query
 * over the row's columns and its status: the same query the bench times. `columns` is what the
 * caller reads of each lead.
 */
export function leadPageSql(
  filter: LeadFilter,
  timeZone: string,
  before: Keyset | null,
  limit: number,
  columns: string,
  me: string | null = null,
) {
  const params: unknown[] = []
  const where = [filterSql(filter, timeZone, params, me)]
  if (before !== null) {
    where.push(
      `(r.created_at, r.id) < ($${params.push(before.at)}::timestamptz, $${params.push(before.id)}::uuid)`,
    )
  }
  const text = `select ${columns}, ${statusOf(filter)} as console_status,
      ${keysetAt('r.created_at')} as keyset_at
    from public.demo_requests r${statusJoin(filter)}
    where ${where.join(' and ')}
    order by r.created_at desc, r.id desc
    limit $${params.push(limit)}`
  return { text, params }
}

// Without a status filter a page reads the status of its own rows only, by a subquery per row:
// planned as one table rather than a join, it took 0.19 ms to plan against the join's 0.36 ms
// at 100,000 leads, the same to run. A status filter joins, so the planner may start from it.
const statusOf = (filter: LeadFilter) =>
  filter.status === undefined
    ? "coalesce((select s.status from public.console_lead_status s where s.lead_id = r.id), 'new')"
    : "coalesce(s.status, 'new')"

const statusJoin = (filter: LeadFilter) =>
  filter.status === undefined
    ? ''
    : '\n    left join public.console_lead_status s on s.lead_id = r.id'

// A staff member's email by their id: the policies let owner and sales read who may own leads.
const staffEmail = (column: string) =>
  `(select o.email from public.console_staff o where o.user_id = ${column})`

const summaryColumns = `r.id, r.created_at, r.first_name, r.last_name, r.email, r.company_name, r.source, r.language, r.booking_state, r.booking_start, r.owner_id, ${staffEmail('r.owner_id')} as owner_email`

const ownerRef = (id: string | null, email: string | null): LeadOwnerRef | null =>
  id === null ? null : { userId: id, email: email ?? '' }

type SummaryRow = {
  id: string
  created_at: Date | string
  first_name: string
  last_name: string
  email: string | null
  company_name: string
  source: string | null
  language: string
  booking_state: LeadSummary['bookingState']
  booking_start: Date | string | null
  owner_id: string | null
  owner_email: string | null
  console_status: PipelineStatus
  keyset_at: string
}

/**
 * A page of the list and the number of leads the filter matches, as the caller may read them;
 * `me` is the caller's user id, for "My leads".
 */
export async function listLeads(
  tx: SqlDatabase,
  filter: LeadFilter,
  timeZone: string,
  before: Keyset | null,
  limit: number,
  me: string | null = null,
): Promise<LeadPage> {
  // One more than asked says whether a next page exists.
  const page = leadPageSql(filter, timeZone, before, limit + 1, summaryColumns, me)
  const rows = await tx.query<SummaryRow>(page.text, page.params)
  const params: unknown[] = []
  const where = filterSql(filter, timeZone, params, me)
  const [count] = await tx.query<{ n: string | number }>(
    `select count(*) as n from public.demo_requests r${statusJoin(filter)} where ${where}`,
    params,
  )
  const shown = rows.slice(0, limit)
  const last = shown.at(-1)
  return {
    leads: shown.map((row) => ({
      id: row.id,
      createdAt: iso(row.created_at) ?? '',
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email ?? '',
      companyName: row.company_name,
      source: row.source,
      language: row.language,
      status: row.console_status,
      bookingState: row.booking_state,
      bookingStart: iso(row.booking_start),
      owner: ownerRef(row.owner_id, row.owner_email),
    })),
    next:
      rows.length > limit && last !== undefined
        ? encodeCursor({ at: last.keyset_at, id: last.id })
        : null,
    total: Number(count?.n ?? 0),
  }
}

/** Whole leads for the export, with their keyset, as `npm run leads` reads them. */
export async function leadRows(
  tx: SqlDatabase,
  filter: LeadFilter,
  timeZone: string,
  before: Keyset | null,
  limit: number,
  me: string | null = null,
): Promise<{ leads: StoredDemoRequest[]; last: Keyset | null }> {
  const page = leadPageSql(filter, timeZone, before, limit, leadColumns('r'), me)
  const rows = await tx.query<LeadRow & { keyset_at: string }>(page.text, page.params)
  const last = rows.at(-1)
  return {
    leads: rows.map(leadFromRow),
    last: last === undefined ? null : { at: last.keyset_at, id: last.id },
  }
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isLeadId = (id: string) => uuid.test(id)

// A lead as the page shows it: every field and its bookkeeping, dates as ISO 8601, and not the
// idempotency key, which is the widget's and means nothing to people. The owner stands apart.
function leadRecord(lead: StoredDemoRequest): LeadDetail['lead'] {
  const { idempotencyKey: _key, ownerId: _ownerId, owner: _owner, ...rest } = lead
  return Object.fromEntries(
    Object.entries(rest).map(([name, value]) => [
      name,
      value instanceof Date ? value.toISOString() : (value ?? null),
    ]),
  ) as LeadDetail['lead']
}

interface MeetingRow {
  meeting_outcome: MeetingOutcome | null
  meeting_end: Date | string | null
}

// The lead's booked meeting, to show and mark; none for a lead not booked now.
function meetingOf(row: LeadRow & MeetingRow, now: Date): LeadMeeting | null {
  if (row.booking_state !== 'booked' || row.booking_start === null) return null
  const start = toDate(row.booking_start)
  return {
    outcome: row.meeting_outcome,
    start: start.toISOString(),
    end: iso(row.meeting_end),
    started: start.getTime() <= now.getTime(),
  }
}

/** The lead, its status and its history, or null where it is not (or not for the caller). */
export async function leadDetail(
  tx: SqlDatabase,
  id: string,
  now: Date,
): Promise<LeadDetail | null> {
  const [row] = await tx.query<LeadRow & MeetingRow & { console_status: PipelineStatus }>(
    `select ${leadColumns('r')}, coalesce(s.status, 'new') as console_status,
        r.meeting_outcome, b.end_time as meeting_end
      from public.demo_requests r left join public.console_lead_status s on s.lead_id = r.id
      left join public.demo_request_bookings b
        on b.provider = r.booking_provider and b.booking_id = r.booking_id
      where r.id = $1`,
    [id],
  )
  if (row === undefined) return null
  const history = await tx.query<{
    at: Date | string
    kind: LeadHistoryEntry['kind']
    by: string | null
    text: string
    via: LeadHistoryEntry['via'] | null
  }>(
    `select h.at, h.kind, h.by, h.text, h.via from (
      select r.created_at as at, 'received' as kind, null::text as by, coalesce(r.source, '') as text,
        null::text as via, 0 as n
      from public.demo_requests r where r.id = $1
      union all
      -- Whom it went to as it arrived is in its row, not a change: the send writes no other.
      select r.created_at, 'owner_change', null, coalesce(${staffEmail('r.first_owner_id')}, ''),
        r.first_owner_via, 1
      from public.demo_requests r where r.id = $1 and r.first_owner_id is not null
      union all
      select n.sent_at, 'notified', null, n.channel, null, 0
      from public.demo_request_notifications n where n.lead_id = $1 and n.sent_at is not null
      union all
      -- A dead delivery stands when its last try failed; one that died before that time was
      -- kept, where it was queued.
      select coalesce(n.failed_at, n.created_at), 'undelivered', null, n.channel || ': ' || coalesce(n.last_error, ''),
        null, 2
      from public.demo_request_notifications n where n.lead_id = $1 and n.status = 'dead'
      union all
      select b.occurred_at, 'booking', null, b.state, null, 0
      from public.demo_request_bookings b where b.lead_id = $1
      union all
      select bn.sent_at, 'booking_notified', null, bn.channel || ': ' || bn.notice, null, 0
      from public.demo_request_booking_notifications bn
      join public.demo_request_bookings b
        on b.provider = bn.provider and b.booking_id = bn.booking_id
      where b.lead_id = $1 and bn.sent_at is not null
      union all
      select coalesce(bn.failed_at, bn.created_at), 'undelivered', null,
        bn.channel || ': ' || coalesce(bn.last_error, ''), null, 2
      from public.demo_request_booking_notifications bn
      join public.demo_request_bookings b
        on b.provider = bn.provider and b.booking_id = bn.booking_id
      where b.lead_id = $1 and bn.status = 'dead'
      union all
      select a.sent_at, 'nudged', null, a.channel, null, 0
      from public.demo_request_no_booking_alerts a where a.lead_id = $1 and a.sent_at is not null
      union all
      select coalesce(a.failed_at, a.created_at), 'undelivered', null, a.channel || ': ' || coalesce(a.last_error, ''),
        null, 2
      from public.demo_request_no_booking_alerts a where a.lead_id = $1 and a.status = 'dead'
      union all
      select m.at, 'meeting', nullif(m.by_email, ''), m.outcome, m.via, m.id
      from public.demo_request_meeting_changes m where m.lead_id = $1
      union all
      select sn.sent_at, 'status_notified', null,
        sn.channel || ': ' || concat_ws(', ', sn.pipeline_status, sn.meeting_outcome), null, 0
      from public.demo_request_status_notifications sn
      where sn.lead_id = $1 and sn.sent_at is not null
      union all
      select coalesce(sn.failed_at, sn.created_at), 'undelivered', null,
        sn.channel || ': ' || coalesce(sn.last_error, ''), null, 2
      from public.demo_request_status_notifications sn where sn.lead_id = $1 and sn.status = 'dead'
      union all
      select c.at, case c.kind when 'status' then 'status_change' when 'owner' then 'owner_change'
          else 'note_added' end,
        nullif(c.by_email, ''), c.value, c.via, c.id
      from public.console_lead_changes c where c.lead_id = $1
    ) h order by h.at, h.n`,
    [id],
  )
  return {
    lead: leadRecord(leadFromRow(row)),
    status: row.console_status,
    owner: ownerRef(row.owner_id, row.owner_email),
    meeting: meetingOf(row, now),
    history: history.map(({ via, ...entry }) => ({
      ...entry,
      at: iso(entry.at) ?? '',
      ...(via ? { via } : {}),
    })),
  }
}
