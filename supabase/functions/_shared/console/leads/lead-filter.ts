import {
  type BookingFilter,
  bookingFilters,
  type LeadFilter,
  type OwnerFilter,
  ownerFilters,
  type PipelineStatus,
  pipelineStatuses,
} from '#core/console-api.ts'
import { invalid } from '../console-reply.ts'

const datePattern = /^\d{4}-\d{2}-\d{2}$/

function date(name: string, value: string): string {
  const valid = datePattern.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))
  if (!valid || new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value) {
    throw invalid(`${name} must be a date as YYYY-MM-DD, not "${value}".`)
  }
  return value
}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw invalid(`${name} must be one of ${allowed.join(', ')}, not "${value}".`)
  }
  return value as T
}

/** The filter of `GET /leads` and `GET /leads.csv`, read from their query; refuses a bad one. */
export function readLeadFilter(query: URLSearchParams): LeadFilter {
  const filter: LeadFilter = {}
  const text = (name: string) => query.get(name)?.trim() || undefined
  const status = text('status')
  if (status) filter.status = oneOf<PipelineStatus>('status', status, pipelineStatuses)
  const owner = text('owner')
  if (owner) filter.owner = oneOf<OwnerFilter>('owner', owner, ownerFilters)
  const booking = text('booking')
  if (booking) filter.booking = oneOf<BookingFilter>('booking', booking, bookingFilters)
  for (const name of ['source', 'language', 'q'] as const) {
    const value = text(name)
    if (value === undefined) continue
    if (value.length > 200) throw invalid(`${name} must be at most 200 characters.`)
    filter[name] = value
  }
  const from = text('from')
  const to = text('to')
  if (from) filter.from = date('from', from)
  if (to) filter.to = date('to', to)
  if (filter.from && filter.to && filter.from > filter.to) {
    throw invalid(`from (${filter.from}) must not be after to (${filter.to}).`)
  }
  return filter
}

/** `limit`: 1 to 100, 50 when absent. */
export function readLimit(query: URLSearchParams): number {
  const value = query.get('limit')
  if (value === null || value.trim() === '') return 50
  const limit = Number(value)
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw invalid(`limit must be a whole number from 1 to 100, not "${value}".`)
  }
  return limit
}

// `like`'s own characters in a search stand for themselves.
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * The filter as SQL over `demo_requests r` and `console_lead_status s`, its values appended to
 * `params`; dates are whole days in `timeZone` (SALES_TIME_ZONE). `me` is the caller's user id,
 * which "My leads" (`owner: 'me'`) matches: a parameter, as the staff's role may not call
 * `auth.uid()` in a query's text on Supabase.
 */
export function filterSql(
  filter: LeadFilter,
  timeZone: string,
  params: unknown[],
  me: string | null = null,
): string {
  const add = (value: unknown) => `$${params.push(value)}`
  const where = ['not r.is_spam']
  if (filter.owner === 'me') where.push(`r.owner_id = ${add(me)}::uuid`)
  else if (filter.owner === 'nobody') where.push('r.owner_id is null')
  if (filter.status === 'new') where.push("coalesce(s.status, 'new') = 'new'")
  else if (filter.status) where.push(`s.status = ${add(filter.status)}`)
  if (filter.source !== undefined) where.push(`r.source = ${add(filter.source)}`)
  if (filter.language !== undefined) where.push(`r.language = ${add(filter.language)}`)
  if (filter.booking === 'none') where.push('r.booking_state is null')
  else if (filter.booking) where.push(`r.booking_state = ${add(filter.booking)}`)
  if (filter.from) {
    where.push(
      `r.created_at >= (${add(filter.from)}::date)::timestamp at time zone ${add(timeZone)}`,
    )
  }
  if (filter.to) {
    where.push(
      `r.created_at < (${add(filter.to)}::date + 1)::timestamp at time zone ${add(timeZone)}`,
    )
  }
  if (filter.q) {
    const q = add(likePattern(filter.q))
    where.push(
      `(r.first_name || ' ' || r.last_name ilike ${q} or r.company_name ilike ${q} or r.email ilike ${q})`,
    )
  }
  return where.join(' and ')
}
