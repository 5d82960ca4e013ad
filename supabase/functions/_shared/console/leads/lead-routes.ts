import {
  type EraseResult,
  type LeadFilter,
  type LeadOwnerChoice,
  type MeetingMark,
  type NewNote,
  type OwnerChange,
  rolesWithPersonalData,
  type StatusChange,
} from '#core/console-api.ts'
import type { BookingProvider } from '#core/next-step.ts'
import { schedulers } from '../../booking/schedulers.ts'
import type { SqlDatabase } from '../../db/sql-database.ts'
import type { Notifier } from '../../notify/notifier.ts'
import type { Staff } from '../as-staff.ts'
import type { ConsoleContext } from '../console-context.ts'
import { ConsoleRefusal, forbidden, notFound } from '../console-reply.ts'
import { decodeCursor } from '../keyset-cursor.ts'
import { leadCsvStream } from './lead-export.ts'
import { readLeadFilter, readLimit } from './lead-filter.ts'
import { isLeadId, leadDetail, listLeads } from './lead-queries.ts'

// The page says why, rather than showing an empty list: the policies would return no rows.
function mayReadLeads(staff: Staff) {
  if (!rolesWithPersonalData.includes(staff.role)) {
    throw forbidden(`Your role (${staff.role}) sees counts only, not people's details.`)
  }
}

function leadId(id: string | undefined): string {
  if (id === undefined || !isLeadId(id)) throw notFound('There is no such lead.')
  return id
}

/** The query of `GET /leads`: its filter, and the page's size and place. */
export const leadsQuery = (params: URLSearchParams) => ({
  filter: readLeadFilter(params),
  limit: readLimit(params),
  before: decodeCursor(params.get('before')),
})

// A filter as the trail keeps it: its settings, and of a search only that there was one. The
// words searched for are often a name or an email, and the trail keeps no personal data: it
// outlives an erasure, and a hash of an email is as easy to match as the email itself.
function auditedFilter({ q, ...settings }: LeadFilter) {
  return { ...settings, ...(q ? { searched: true } : {}) }
}

// Recorded in the transaction that read the page, so no page leaves without its entry.
export function getLeads(
  { run, salesTimeZone }: ConsoleContext,
  { filter, limit, before }: ReturnType<typeof leadsQuery>,
) {
  return run(async (tx, staff) => {
    mayReadLeads(staff)
    const page = await listLeads(tx, filter, salesTimeZone, before, limit, staff.userId)
    const detail = {
      filter: auditedFilter(filter),
      rows: page.leads.length,
      matched: page.total,
      ...(before ? { older: true } : {}),
    }
    await tx.query("select public.console_audit_record('list_leads', null, $1)", [
      JSON.stringify(detail),
    ])
    return page
  })
}

async function detailOrMissing(tx: SqlDatabase, id: string, now: Date) {
  const detail = await leadDetail(tx, id, now)
  if (detail === null) throw notFound('There is no such lead (it may have been erased).')
  return detail
}

export function getLead({ path, run, now }: ConsoleContext) {
  const id = leadId(path[1])
  return run(async (tx, staff) => {
    mayReadLeads(staff)
    const detail = await detailOrMissing(tx, id, now())
    await tx.query("select public.console_audit_record('view_lead', $1, '{}')", [id])
    return detail
  })
}

/**
 * `PATCH /leads/:id`: the status as a row of the lead's history, and, in the same transaction,
 * a row of the outbox for each CRM set (`notifiers` with `notifyStatus`), which the job runner
 * sends: the change and its delivery are kept together or not at all.
 */
export function patchLead(
  context: ConsoleContext,
  { status }: StatusChange,
  notifiers: readonly Notifier[],
) {
  const id = leadId(context.path[1])
  const crms = notifiers.filter((notifier) => notifier.notifyStatus).map(({ channel }) => channel)
  return context.run(async (tx) => {
    const [change] = await tx.query<{ id: string | number }>(
      "insert into public.console_lead_changes (lead_id, kind, value) values ($1, 'status', $2) returning id",
      [id, status],
    )
    if (change !== undefined && crms.length > 0) {
      await tx.query('select public.console_queue_status_change($1, $2)', [change.id, crms])
    }
    return detailOrMissing(tx, id, context.now())
  })
}

// A change is a row of console_lead_changes; its trigger stamps the author and audits it.
export function postNote(context: ConsoleContext, { text }: NewNote) {
  const id = leadId(context.path[1])
  return context.run(async (tx) => {
    await tx.query(
      "insert into public.console_lead_changes (lead_id, kind, value) values ($1, 'note', $2)",
      [id, text],
    )
    return detailOrMissing(tx, id, context.now())
  })
}

/**
 * `POST /leads/:id/owner`: a row of the lead's history, as a status is. Who may is the
 * policies' to say (owner and sales; marketing and partners are refused there, 403), and the
 * trigger's whom to (a person of the staff who reads leads), setting the lead's owner and
 * recording it on the trail.
 */
export function postOwner(context: ConsoleContext, { userId }: OwnerChange) {
  const id = leadId(context.path[1])
  return context.run(async (tx) => {
    await tx.query(
      "insert into public.console_lead_changes (lead_id, kind, value, owner_id) values ($1, 'owner', '-', $2)",
      [id, userId],
    )
    return detailOrMissing(tx, id, context.now())
  })
}

/**
 * `POST /leads/:id/meeting`: a row of the meeting's changes, which the policies let owner and
 * sales add and its trigger applies (refused unless the lead's booked meeting has started) and
 * puts on the trail; then written back to the scheduler where its API key is set, in the same
 * transaction: a scheduler that does not take it undoes the mark (502, saying what to do).
 */
export function postMeeting(context: ConsoleContext, { outcome }: MeetingMark) {
  const id = leadId(context.path[1])
  return context.run(async (tx, staff) => {
    await tx.query(
      "insert into public.demo_request_meeting_changes (lead_id, outcome, via, by_user) values ($1, $2, 'hand', $3)",
      [id, outcome, staff.userId],
    )
    const [booking] = await tx.query<{ provider: BookingProvider; booking_id: string }>(
      'select booking_provider as provider, booking_id from public.demo_requests where id = $1',
      [id],
    )
    const api = booking ? context.schedulerApis[booking.provider] : null
    if (booking && api) {
      const { name, api: scheduler } = schedulers[booking.provider]
      await scheduler
        .markMeeting(api, booking.booking_id, outcome, context.fetch)
        .catch((error) => {
          context.log(`Writing a meeting's mark back to ${name} failed`, error)
          const reason = error instanceof Error ? error.message : String(error)
          throw new ConsoleRefusal(
            502,
            'unavailable',
            `${name} did not take the mark, so nothing is marked: ${reason}`,
          )
        })
    }
    return detailOrMissing(tx, id, context.now())
  })
}

/** `GET /owners`: whom a lead may go to, as the policies let the caller read them. */
export function getOwners({ run }: ConsoleContext): Promise<LeadOwnerChoice[]> {
  return run(async (tx, staff) => {
    mayReadLeads(staff)
    const rows = await tx.query<{
      user_id: string
      email: string
      role: LeadOwnerChoice['role']
      takes_leads: boolean
    }>(
      `select user_id, email, role, takes_leads from public.console_staff
        where role in ('owner', 'sales') order by lower(email)`,
    )
    return rows.map((row) => ({
      userId: row.user_id,
      email: row.email,
      role: row.role,
      takesLeads: row.takes_leads,
    }))
  })
}

export async function getLeadsCsv(
  { run, runPlain, salesTimeZone, log, now }: ConsoleContext,
  filter: LeadFilter,
) {
  // Recorded before any row leaves, with the count the filter matched.
  await run(async (tx, staff) => {
    mayReadLeads(staff)
    const { total } = await listLeads(tx, filter, salesTimeZone, null, 1, staff.userId)
    const detail = { filter: auditedFilter(filter), rows: total }
    await tx.query("select public.console_audit_record('export', null, $1)", [
      JSON.stringify(detail),
    ])
  })
  const day = now().toISOString().slice(0, 10)
  return new Response(leadCsvStream(runPlain, filter, salesTimeZone, log), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="leads-${day}.csv"`,
      'cache-control': 'no-store',
    },
  })
}

/** `POST /erase`: `email` or `leadId`, checked (console-bodies.ts), the other null. */
export function postErase(
  { run }: ConsoleContext,
  { email, leadId: lead }: { email: string | null; leadId: string | null },
): Promise<EraseResult> {
  return run(async (tx, staff) => {
    if (staff.role !== 'owner') throw forbidden('Only the owner erases people.')
    const [row] = await tx.query<{ n: number }>('select public.console_erase($1, $2) as n', [
      email,
      lead,
    ])
    return { erased: Number(row?.n ?? 0) }
  })
}
