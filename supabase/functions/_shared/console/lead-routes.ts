import {
  type EraseRequest,
  type EraseResult,
  type LeadFilter,
  type NewNote,
  type PipelineStatus,
  pipelineStatuses,
  rolesWithPersonalData,
  type StatusChange,
} from '#core/console-api.ts'
import { isRecord } from '#core/is-record.ts'
import type { SqlDatabase } from '../db/sql-database.ts'
import type { Staff } from './as-staff.ts'
import type { ConsoleContext } from './console-context.ts'
import { forbidden, invalid, notFound } from './console-reply.ts'
import { decodeCursor } from './keyset-cursor.ts'
import { leadCsvStream } from './lead-export.ts'
import { readLeadFilter, readLimit } from './lead-filter.ts'
import { isLeadId, leadDetail, listLeads } from './lead-queries.ts'

// The keys of each member of a union: an erasure is asked by email or by lead.
type KeysOf<T> = T extends unknown ? keyof T : never

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

/** The request's JSON object body, or a refusal naming what was expected. */
export async function jsonBody(
  request: Request,
  expected: string,
): Promise<Record<string, unknown>> {
  const text = await request.text()
  if (text.length > 10_000) throw invalid(`The body must be at most 10,000 characters.`)
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {}
  if (!isRecord(body)) throw invalid(`The body must be a JSON object like ${expected}.`)
  return body
}

// A filter as the trail keeps it: its settings, and of a search only that there was one. The
// words searched for are often a name or an email, and the trail keeps no personal data: it
// outlives an erasure, and a hash of an email is as easy to match as the email itself.
function auditedFilter({ q, ...settings }: LeadFilter) {
  return { ...settings, ...(q ? { searched: true } : {}) }
}

// Recorded in the transaction that read the page, so no page leaves without its entry.
export function getLeads({ url, run, salesTimeZone }: ConsoleContext) {
  const filter = readLeadFilter(url.searchParams)
  const limit = readLimit(url.searchParams)
  const before = decodeCursor(url.searchParams.get('before'))
  return run(async (tx, staff) => {
    mayReadLeads(staff)
    const page = await listLeads(tx, filter, salesTimeZone, before, limit)
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

async function detailOrMissing(tx: SqlDatabase, id: string) {
  const detail = await leadDetail(tx, id)
  if (detail === null) throw notFound('There is no such lead (it may have been erased).')
  return detail
}

export function getLead({ path, run }: ConsoleContext) {
  const id = leadId(path[1])
  return run(async (tx, staff) => {
    mayReadLeads(staff)
    const detail = await detailOrMissing(tx, id)
    await tx.query("select public.console_audit_record('view_lead', $1, '{}')", [id])
    return detail
  })
}

// A change is a row of console_lead_changes; its trigger stamps the author and audits it.
function addChange(context: ConsoleContext, kind: 'status' | 'note', value: string) {
  const id = leadId(context.path[1])
  return context.run(async (tx) => {
    await tx.query(
      'insert into public.console_lead_changes (lead_id, kind, value) values ($1, $2, $3)',
      [id, kind, value],
    )
    return detailOrMissing(tx, id)
  })
}

export async function patchLead(context: ConsoleContext) {
  const { status }: Partial<Record<keyof StatusChange, unknown>> = await jsonBody(
    context.request,
    '{ "status": "contacted" }',
  )
  if (!pipelineStatuses.includes(status as PipelineStatus)) {
    throw invalid(`status must be one of ${pipelineStatuses.join(', ')}.`)
  }
  return addChange(context, 'status', status as PipelineStatus)
}

export async function postNote(context: ConsoleContext) {
  const { text }: Partial<Record<keyof NewNote, unknown>> = await jsonBody(
    context.request,
    '{ "text": "Called, back on Monday" }',
  )
  const note = typeof text === 'string' ? text.trim() : ''
  if (note.length < 1 || note.length > 2000) {
    throw invalid('text must be a note of 1 to 2,000 characters.')
  }
  return addChange(context, 'note', note)
}

export async function getLeadsCsv({ url, run, runPlain, salesTimeZone, log, now }: ConsoleContext) {
  const filter = readLeadFilter(url.searchParams)
  // Recorded before any row leaves, with the count the filter matched.
  await run(async (tx, staff) => {
    mayReadLeads(staff)
    const { total } = await listLeads(tx, filter, salesTimeZone, null, 1)
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

export async function postErase({ request, run }: ConsoleContext): Promise<EraseResult> {
  const body = await jsonBody(request, '{ "email": "name@example.com" } or { "leadId": "…" }')
  const asked: Partial<Record<KeysOf<EraseRequest>, unknown>> = body
  const email = typeof asked.email === 'string' ? asked.email.trim() : null
  const lead = typeof asked.leadId === 'string' ? asked.leadId : null
  if ((email === null) === (lead === null) || email === '') {
    throw invalid('Name the person to erase by email or by one lead id (leadId), not both.')
  }
  if (lead !== null && !isLeadId(lead)) throw invalid('leadId must be a lead id.')
  return run(async (tx, staff) => {
    if (staff.role !== 'owner') throw forbidden('Only the owner erases people.')
    const [row] = await tx.query<{ n: number }>('select public.console_erase($1, $2) as n', [
      email,
      lead,
    ])
    return { erased: Number(row?.n ?? 0) }
  })
}
