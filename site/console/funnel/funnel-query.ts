import type { FunnelQuery } from '#core/console-api.ts'
import { firmDay } from '#core/firm-day.ts'
import { dayOf } from '../console-dates.ts'

/** The funnel view's ranges: the last 7, 30 or 90 days up to today, or days of one's own. */
export const funnelRanges = ['7', '30', '90', 'custom'] as const
export type FunnelRange = (typeof funnelRanges)[number]

/** What the funnel view shows, as its address holds it (`range`, `from`, `to`, `source`). */
export interface FunnelFilter {
  range: FunnelRange
  /** The days asked, `YYYY-MM-DD` inclusive: the preset's, or the custom range's. */
  from: string
  to: string
  source?: string
}

const defaultRange: FunnelRange = '30'
const isoDate = /^\d{4}-\d{2}-\d{2}$/
const filterKeys = ['range', 'from', 'to', 'source'] as const

const dayMs = 86_400_000

/**
 * `date`'s calendar day in `timeZone` (the firm's, once a report has named it), else in the
 * reader's own; a zone this browser does not know falls back to the reader's too.
 */
function calendarDay(date: Date, timeZone: string | undefined): string {
  if (!timeZone) return dayOf(date)
  try {
    return firmDay(date, timeZone)
  } catch {
    return dayOf(date)
  }
}

/** The days of a preset range ending with `today`'s: `days` of them, today included. */
function presetDays(days: number, today: Date, timeZone?: string): { from: string; to: string } {
  const to = calendarDay(today, timeZone)
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * dayMs)
  return { from: from.toISOString().slice(0, 10), to }
}

/**
 * The funnel filter an address holds, a preset's days counted back from today in `timeZone`
 * (SALES_TIME_ZONE, as the report names it). A shared or hand-edited address may carry anything:
 * a range the API would refuse (a date that is none, `from` after `to`) falls back to the last
 * 30 days rather than showing a 400.
 */
export function funnelFilterFromQuery(
  search: string | URLSearchParams,
  today: Date,
  timeZone?: string,
): FunnelFilter {
  const params = new URLSearchParams(search)
  const source = params.get('source')?.trim() || undefined
  const asked = funnelRanges.find((range) => range === params.get('range')) ?? defaultRange
  const from = params.get('from') ?? ''
  const to = params.get('to') ?? ''
  if (asked === 'custom' && isoDate.test(from) && isoDate.test(to) && from <= to) {
    return { range: 'custom', from, to, source }
  }
  const range = asked === 'custom' ? defaultRange : asked
  return { range, ...presetDays(Number(range), today, timeZone), source }
}

/** `filter` written into `search`, keeping its other parameters (`view`); a preset keeps no days. */
export function queryWithFunnelFilter(
  search: string | URLSearchParams,
  filter: FunnelFilter,
): string {
  const params = new URLSearchParams(search)
  for (const key of filterKeys) params.delete(key)
  params.set('range', filter.range)
  if (filter.range === 'custom') {
    params.set('from', filter.from)
    params.set('to', filter.to)
  }
  if (filter.source) params.set('source', filter.source)
  return params.toString()
}

/** What the API is asked for the filter's days and source. */
export function funnelQueryOf(filter: FunnelFilter): FunnelQuery {
  return {
    from: filter.from,
    to: filter.to,
    ...(filter.source ? { source: filter.source } : {}),
  }
}

/** The query as `GET /funnel`'s and `GET /funnel.csv`'s parameters. */
export function funnelParams(query: FunnelQuery): URLSearchParams {
  const params = new URLSearchParams({ from: query.from, to: query.to })
  if (query.source) params.set('source', query.source)
  return params
}
