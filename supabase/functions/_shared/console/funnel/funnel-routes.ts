import type { FunnelReport } from '#core/console-api.ts'
import { firmDay } from '#core/firm-day.ts'
import { funnelReportOf, readFunnelRows, totalsOfRows } from '../../analytics/funnel-report.ts'
import type { FunnelRange } from '../../analytics/funnel-store.ts'
import { insightsCsv } from '../../analytics/insights-format.ts'
import { buildInsights } from '../../analytics/insights-report.ts'
import type { ConsoleContext } from '../console-context.ts'
import { invalid } from '../console-reply.ts'

const dayPattern = /^\d{4}-\d{2}-\d{2}$/
const dayMs = 24 * 60 * 60 * 1000
/** The longest range one call reads: a year and a leap day. */
const maxDays = 366

// A day of the calendar: Date.parse lets 2026-02-30 pass as 2 March.
const isDay = (value: string) =>
  dayPattern.test(value) &&
  !Number.isNaN(Date.parse(value)) &&
  new Date(Date.parse(value)).toISOString().startsWith(value)

/**
 * The query of `GET /funnel` and `GET /funnel.csv`: from, to and source as asked, each checked;
 * the last 30 days of the firm's calendar unless told.
 */
export const funnelQuery =
  ({ now, salesTimeZone, sourceCampaigns }: FunnelSettings) =>
  (params: URLSearchParams): FunnelRange => {
    const asked = (name: string) => params.get(name) ?? ''
    const to = asked('to') || firmDay(now(), salesTimeZone)
    const from = asked('from') || new Date(Date.parse(to) - 29 * dayMs).toISOString().slice(0, 10)
    for (const [name, value] of [
      ['from', from],
      ['to', to],
    ] as const) {
      if (!isDay(value)) throw invalid(`${name} must be a date as YYYY-MM-DD, not "${value}".`)
    }
    if (from > to) throw invalid(`from (${from}) must not be after to (${to}).`)
    const days = (Date.parse(to) - Date.parse(from)) / dayMs + 1
    if (days > maxDays) {
      throw invalid(`A report covers at most ${maxDays} days; from ${from} to ${to} is ${days}.`)
    }
    const source = asked('source')
    if (source.length > 100) throw invalid('source must be at most 100 characters.')
    return { from, to, timeZone: salesTimeZone, source: source || null, sourceCampaigns }
  }

/** What a funnel's range is read with: the firm's clock and calendar, and its campaigns' bound. */
type FunnelSettings = Pick<ConsoleContext, 'now' | 'salesTimeZone' | 'sourceCampaigns'>

/**
 * GET /funnel: the report for the days asked, as the signed-in person; console_funnel gives a
 * partner its own sources only. Sums of counts, no personal data: nothing to audit.
 */
export function getFunnel(context: ConsoleContext, range: FunnelRange): Promise<FunnelReport> {
  return context.run(async (tx, staff) => {
    const rows = await readFunnelRows(tx, range, 'staff')
    return funnelReportOf(rows, range, staff.role === 'partner' ? staff.sources : null)
  })
}

/**
 * GET /funnel.csv: the CSV `npm run insights -- --csv` prints for the same days. A download
 * leaves the console, so it is on the trail as an export of the funnel.
 */
export async function getFunnelCsv(context: ConsoleContext, range: FunnelRange): Promise<Response> {
  const csv = await context.run(async (tx) => {
    const rows = await readFunnelRows(tx, range, 'staff')
    const detail = { funnel: true, from: range.from, to: range.to, source: range.source }
    await tx.query("select public.console_audit_record('export', null, $1)", [
      JSON.stringify(detail),
    ])
    const report = buildInsights(totalsOfRows(rows, range.from), {
      since: range.from,
      until: range.to,
      source: range.source,
    })
    return insightsCsv(report)
  })
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="funnel-${range.from}-${range.to}.csv"`,
      'cache-control': 'no-store',
    },
  })
}
