// The one read of the funnel for a range of the firm's days (docs/analytics.md), and what is made
// of it: the console's FunnelReport, and the rows `npm run insights` prints. Both call
// readFunnelRows, the console as the signed-in person (console_funnel), the command as the
// function's role, so for the same days they show the same numbers.
import {
  emptyFunnelSteps,
  type FunnelDay,
  type FunnelFieldDropOff,
  type FunnelReport,
  type FunnelSteps,
} from '#core/console-api.ts'
import type { ReportEventName } from '#core/funnel-events.ts'
import type { SqlDatabase } from '../db/sql-database.ts'
import type { FunnelRange, FunnelReportRow, FunnelTotals } from './funnel-store.ts'
import { buildInsights } from './insights-report.ts'

const columns =
  'part, day::text as day, source, page, utm_source as "utmSource", utm_campaign as "utmCampaign", event, field, code, n::text as n'

/**
 * The report's sums. `as: 'staff'` reads through console_funnel, in a transaction already
 * running as the signed-in person, whose role decides which sources they are; `'service'` reads
 * the report itself, as the function's role; a share link's token hash reads its link's sources
 * and days through console_shared_funnel, as the staff's role with no one signed in.
 */
export async function readFunnelRows(
  tx: SqlDatabase,
  range: FunnelRange,
  as: 'staff' | 'service' | { shareTokenHash: string },
): Promise<FunnelReportRow[]> {
  const { from, to, timeZone, source } = range
  const folds = [timeZone, range.sourceCampaigns ?? 50]
  const [call, params] =
    typeof as === 'object'
      ? ['public.console_shared_funnel($1, $2, $3)', [as.shareTokenHash, ...folds]]
      : as === 'staff'
        ? ['public.console_funnel($1::date, $2::date, $3, $4, $5)', [from, to, source, ...folds]]
        : [
            'public.demo_request_funnel_range_report($1::date, $2::date, $3::text[], $4, $5)',
            [from, to, source === null ? null : [source], ...folds],
          ]
  const rows = await tx.query<Omit<FunnelReportRow, 'n'> & { n: string }>(
    `select ${columns} from ${call}`,
    params,
  )
  return rows.map((row) => ({ ...row, n: Number(row.n) }))
}

/** The rows as the insights report's sums: the days from `from` on only. */
export function totalsOfRows(rows: readonly FunnelReportRow[], from: string): FunnelTotals {
  const totals: FunnelTotals = { pages: [], fields: [], days: [] }
  for (const { part, day, source, page, event, field, code, n } of rows) {
    if (part === 'page') totals.pages.push({ source, page, event, n })
    if (part === 'field') totals.fields.push({ field, event, code, n })
    if (part === 'day' && day !== null && day >= from && (event === 'sent' || event === 'booked'))
      totals.days.push({ day, event, n })
  }
  return totals
}

const stepOf: Partial<Record<ReportEventName, keyof FunnelSteps>> = {
  shown: 'views',
  started: 'starts',
  sent: 'sent',
  booked: 'booked',
  met: 'met',
  'no-show': 'noShow',
  'host-absent': 'hostAbsent',
  held: 'heldForReview',
  routed: 'routed',
  cancelled: 'cancelled',
}

const noSteps = emptyFunnelSteps

function add(steps: FunnelSteps, event: ReportEventName, n: number) {
  const step = stepOf[event]
  if (step) steps[step] += n
}

const dayMs = 24 * 60 * 60 * 1000
const dayText = (at: number) => new Date(at).toISOString().slice(0, 10)

/** The days from `from` to `to`, both included. */
function daysFrom(from: string, to: string): string[] {
  const days: string[] = []
  for (let at = Date.parse(from); at <= Date.parse(to); at += dayMs) days.push(dayText(at))
  return days
}

/** The period of as many days just before `from`. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const length = Date.parse(to) - Date.parse(from) + dayMs
  return { from: dayText(Date.parse(from) - length), to: dayText(Date.parse(from) - dayMs) }
}

function byViews<T extends FunnelSteps>(key: (row: T) => string) {
  return (a: T, b: T) => b.views - a.views || b.sent - a.sent || key(a).localeCompare(key(b))
}

// Rows summed per key: `make` names a new one, then each row's step is added.
function grouped<T extends FunnelSteps>(
  rows: readonly FunnelReportRow[],
  key: (row: FunnelReportRow) => string,
  make: (row: FunnelReportRow) => T,
): Map<string, T> {
  const groups = new Map<string, T>()
  for (const row of rows) {
    const id = key(row)
    const group = groups.get(id) ?? make(row)
    groups.set(id, group)
    add(group, row.event, row.n)
  }
  return groups
}

function daySteps(rows: readonly FunnelReportRow[], from: string, to: string): FunnelDay[] {
  const days = new Map(daysFrom(from, to).map((day) => [day, { day, ...noSteps() }]))
  for (const row of rows) {
    const day = row.part === 'day' && row.day !== null ? days.get(row.day) : undefined
    if (day) add(day, row.event, row.n)
  }
  return [...days.values()]
}

function sumOf(days: readonly FunnelDay[]): FunnelSteps {
  const total = noSteps()
  for (const day of days) {
    for (const step of Object.keys(total) as (keyof FunnelSteps)[]) total[step] += day[step]
  }
  return total
}

/**
 * The console's report (src/core/console-api.ts) from the rows. `sources` is a partner's own;
 * `null` for the others, whose report names every source it counted.
 */
export function funnelReportOf(
  rows: readonly FunnelReportRow[],
  range: Pick<FunnelRange, 'from' | 'to' | 'timeZone' | 'source'>,
  sources: readonly string[] | null,
): FunnelReport {
  const { from, to, timeZone } = range
  const pageRows = rows.filter((row) => row.part === 'page')
  const byPage = grouped(
    pageRows,
    (row) => JSON.stringify([row.source, row.page]),
    (row) => ({ source: row.source, page: row.page, ...noSteps() }),
  )
  const bySource = grouped(
    pageRows,
    (row) => row.source,
    (row) => ({ source: row.source, ...noSteps() }),
  )
  const totals = noSteps()
  for (const row of pageRows) add(totals, row.event, row.n)

  // Views and starts are counted per campaign only for pages opened with one: the rest, '' for
  // none, are what the counters hold beyond them.
  const byCampaign = grouped(
    rows.filter((row) => row.part === 'campaign'),
    (row) => JSON.stringify([row.utmSource, row.utmCampaign]),
    (row) => ({ utmSource: row.utmSource, utmCampaign: row.utmCampaign, ...noSteps() }),
  )
  const none = byCampaign.get(JSON.stringify(['', ''])) ?? {
    utmSource: '',
    utmCampaign: '',
    ...noSteps(),
  }
  const campaigns = [...byCampaign.values()].filter((campaign) => campaign !== none)
  const counted = (step: 'views' | 'starts') =>
    campaigns.reduce((sum, campaign) => sum + campaign[step], 0)
  none.views = Math.max(0, totals.views - counted('views'))
  none.starts = Math.max(0, totals.starts - counted('starts'))
  if (none.views + none.starts + none.sent > 0) campaigns.push(none)

  const insights = buildInsights(totalsOfRows(rows, from), {
    since: from,
    until: to,
    source: range.source,
  })
  const fields: FunnelFieldDropOff[] = insights.fields
  const days = daySteps(rows, from, to)
  const previous = previousPeriod(from, to)
  const previousDays = daySteps(rows, previous.from, previous.to)
  return {
    from,
    to,
    timeZone,
    sources: sources
      ? [...sources].filter((source) => range.source === null || source === range.source)
      : [...bySource.keys()].sort(),
    totals,
    days,
    previous: { ...previous, totals: sumOf(previousDays), days: previousDays },
    bySource: [...bySource.values()].sort(byViews((row) => row.source)),
    byPage: [...byPage.values()].sort(byViews((row) => `${row.source}\n${row.page}`)),
    byCampaign: campaigns.sort(byViews((row) => `${row.utmSource}\n${row.utmCampaign}`)),
    fields,
  }
}
