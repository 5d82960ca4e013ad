import {
  type BookingFilter,
  bookingFilters,
  type LeadFilter,
  type OwnerFilter,
  ownerFilters,
  type PipelineStatus,
  pipelineStatuses,
} from '#core/console-api.ts'

const isoDate = /^\d{4}-\d{2}-\d{2}$/
const filterKeys = ['owner', 'status', 'source', 'language', 'booking', 'from', 'to', 'q'] as const

const oneOf =
  <T extends string>(allowed: readonly T[]) =>
  (value: string): T | undefined =>
    allowed.find((each) => each === value)

// A shared or hand-edited address may carry anything: a value the API would refuse is dropped
// here, so the view shows what it asks for rather than a 400.
const readers: Record<(typeof filterKeys)[number], (value: string) => string | undefined> = {
  owner: oneOf<OwnerFilter>(ownerFilters),
  status: oneOf<PipelineStatus>(pipelineStatuses),
  booking: oneOf<BookingFilter>(bookingFilters),
  source: (value) => value.trim() || undefined,
  language: (value) => value.trim() || undefined,
  from: (value) => (isoDate.test(value) ? value : undefined),
  to: (value) => (isoDate.test(value) ? value : undefined),
  q: (value) => value.trim() || undefined,
}

/** The lead filter an address's query holds (other parameters, such as `view`, ignored). */
export function filterFromQuery(search: string | URLSearchParams): LeadFilter {
  const params = new URLSearchParams(search)
  const filter: Record<string, string> = {}
  for (const key of filterKeys) {
    const raw = params.get(key)
    const value = raw === null ? undefined : readers[key](raw)
    if (value !== undefined) filter[key] = value
  }
  return filter as LeadFilter
}

/** `filter` written into `search`, keeping its other parameters; empty settings leave none. */
export function queryWithFilter(search: string | URLSearchParams, filter: LeadFilter): string {
  const params = new URLSearchParams(search)
  for (const key of filterKeys) {
    const value = filter[key]
    if (value) params.set(key, value)
    else params.delete(key)
  }
  return params.toString()
}

/** The filter as the API's query parameters (also `GET /leads.csv`'s). */
export function filterParams(filter: LeadFilter): URLSearchParams {
  return new URLSearchParams(queryWithFilter('', filter))
}
