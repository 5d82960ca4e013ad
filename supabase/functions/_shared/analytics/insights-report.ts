// The funnel report's figures, from the counters (docs/analytics.md): per source and page, views
// to starts to sent to booked to met, with the meetings missed; each field's drop-off with its codes; sends and bookings per day.
// Plain data, so the table, the CSV and the HTML page all say the same.
import type { FunnelFieldDropOff } from '#core/console-api.ts'
import { firmDay } from '#core/firm-day.ts'
import { type ReportEventName, reportEventNames } from '#core/funnel-events.ts'
import { formFieldNames, leadField } from '#core/lead-fields.ts'
import type { FunnelCount, FunnelTotals } from './funnel-store.ts'

/** Every event's count, each zero until counted. */
type EventCounts = Record<ReportEventName, number>

/** One source's page, or (`page: null`) a source's pages together. */
export interface PageFunnel {
  source: string
  page: string | null
  counts: EventCounts
}

/** How visitors left one field: empty, or with an error, and the codes they saw. */
export type FieldDropOff = FunnelFieldDropOff

export interface InsightsReport {
  /** The first and last UTC day the report covers. */
  since: string
  until: string
  /** The one source asked for, or `null` for all. */
  source: string | null
  /** The zone the days are counted in (SALES_TIME_ZONE); UTC unless told. */
  timeZone: string
  /** Per source and page, most viewed first. */
  pages: PageFunnel[]
  /** Per source, all its pages together, most viewed first. */
  sources: PageFunnel[]
  /** Every field of the form that was left, in the form's order. */
  fields: FieldDropOff[]
  /** Every day from `since` to `until`, with its sends and bookings. */
  days: { day: string; sent: number; booked: number }[]
}

/** The funnel's five steps, each with the report's name for it. */
export const funnelSteps = [
  ['views', 'shown'],
  ['starts', 'started'],
  ['sent', 'sent'],
  ['booked', 'booked'],
  ['met', 'met'],
] as const satisfies readonly [string, ReportEventName][]

/** Beside the steps: the booked demos missed, by the guest and by our host. */
export const meetingsMissed = [
  ['no_show', 'no-show'],
  ['host_absent', 'host-absent'],
] as const satisfies readonly [string, ReportEventName][]

const zero = (): EventCounts =>
  Object.fromEntries(reportEventNames.map((name) => [name, 0])) as EventCounts

const dayMs = 24 * 60 * 60 * 1000

/** The UTC days from `since` to `until`, both included. */
function daysBetween(since: string, until: string): string[] {
  const days: string[] = []
  for (let at = Date.parse(since); at <= Date.parse(until); at += dayMs) {
    days.push(new Date(at).toISOString().slice(0, 10))
  }
  return days
}

const byViews = (a: PageFunnel, b: PageFunnel) =>
  b.counts.shown - a.counts.shown ||
  b.counts.sent - a.counts.sent ||
  a.source.localeCompare(b.source) ||
  (a.page ?? '').localeCompare(b.page ?? '')

const sortedCodes = (codes: Map<string, number>): [string, number][] =>
  [...codes].sort(([a, m], [b, n]) => n - m || a.localeCompare(b))

interface ReportRange {
  since: string
  until: string
  source?: string | null
  timeZone?: string
}

// The sums the store's report query makes (funnel-report.ts), from day-by-day counts: for the
// sample data and tests, which have the counts themselves.
function totalsOf(
  counts: readonly FunnelCount[],
  { since, until, source = null }: ReportRange,
): FunnelTotals {
  const add = <T extends { n: number }>(map: Map<string, T>, key: unknown[], row: T) => {
    const id = JSON.stringify(key)
    const known = map.get(id)
    if (known) known.n += row.n
    else map.set(id, { ...row })
  }
  const pages = new Map<string, FunnelTotals['pages'][number]>()
  const fields = new Map<string, FunnelTotals['fields'][number]>()
  const days = new Map<string, FunnelTotals['days'][number]>()
  for (const { day, event, n, ...count } of counts) {
    if (day < since || day > until || (source !== null && count.source !== source)) continue
    add(pages, [count.source, count.page, event], {
      source: count.source,
      page: count.page,
      event,
      n,
    })
    if (count.field !== '') {
      add(fields, [count.field, event, count.code], {
        field: count.field,
        event,
        code: count.code,
        n,
      })
    }
    if (event === 'sent' || event === 'booked') add(days, [day, event], { day, event, n })
  }
  return { pages: [...pages.values()], fields: [...fields.values()], days: [...days.values()] }
}

/**
 * The report over the days `since` to `until`: from the store's sums (funnel-report.ts), or
 * from day-by-day counts.
 */
export function buildInsights(
  input: readonly FunnelCount[] | FunnelTotals,
  range: ReportRange,
): InsightsReport {
  const { since, until, source = null, timeZone = 'UTC' } = range
  const totals = Array.isArray(input) ? totalsOf(input, range) : (input as FunnelTotals)
  const pages = new Map<string, PageFunnel>()
  const sources = new Map<string, PageFunnel>()
  const fields = new Map<
    string,
    { empty: number; error: Map<string, number>; refused: Map<string, number> }
  >()
  const days = new Map(daysBetween(since, until).map((day) => [day, { day, sent: 0, booked: 0 }]))

  for (const count of totals.pages) {
    const pageKey = JSON.stringify([count.source, count.page])
    const page = pages.get(pageKey) ?? { source: count.source, page: count.page, counts: zero() }
    pages.set(pageKey, page)
    page.counts[count.event] += count.n
    const total = sources.get(count.source) ?? { source: count.source, page: null, counts: zero() }
    sources.set(count.source, total)
    total.counts[count.event] += count.n
  }
  for (const count of totals.days) {
    const day = days.get(count.day)
    if (day && (count.event === 'sent' || count.event === 'booked')) day[count.event] += count.n
  }
  for (const count of totals.fields) {
    const field = fields.get(count.field) ?? { empty: 0, error: new Map(), refused: new Map() }
    fields.set(count.field, field)
    if (count.event === 'field-empty') field.empty += count.n
    const codes =
      count.event === 'field-error' ? field.error : count.event === 'refused' ? field.refused : null
    codes?.set(count.code, (codes.get(count.code) ?? 0) + count.n)
  }

  const sum = (codes: Map<string, number>) => [...codes.values()].reduce((a, b) => a + b, 0)
  return {
    since,
    until,
    source,
    timeZone,
    pages: [...pages.values()].sort(byViews),
    sources: [...sources.values()].sort(byViews),
    fields: formFieldNames.flatMap((name) => {
      const field = fields.get(name)
      if (!field) return []
      return [
        {
          field: name,
          label: leadField(name).email ?? name,
          leftEmpty: field.empty,
          leftWithError: sum(field.error),
          errorCodes: sortedCodes(field.error),
          refused: sum(field.refused),
          refusedCodes: sortedCodes(field.refused),
        },
      ]
    }),
    days: [...days.values()],
  }
}

/** `part` as a whole percentage of `whole`, or '–' when there is no whole to take it of. */
export function rate(part: number, whole: number): string {
  return whole === 0 ? '–' : `${Math.round((part / whole) * 100)}%`
}

/** The report's days: the last `days` days in `timeZone` up to and including `today`'s. */
export function reportDays(
  today: Date,
  days: number,
  timeZone = 'UTC',
): { since: string; until: string } {
  const until = firmDay(today, timeZone)
  const since = new Date(Date.parse(until) - (days - 1) * dayMs).toISOString().slice(0, 10)
  return { since, until }
}
