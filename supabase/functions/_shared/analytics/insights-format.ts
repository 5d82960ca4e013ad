// `npm run insights` as a terminal table and as CSV, from the report's figures.
import { type ReportEventName, reportEventNames } from '#core/funnel-events.ts'
import { csvCell } from '../lead/lead-columns.ts'
import {
  funnelSteps,
  type InsightsReport,
  meetingsMissed,
  type PageFunnel,
  rate,
} from './insights-report.ts'

// The bot defence's `held` is a lead held for review, never a meeting held: its column says so.
const columnNames: Partial<Record<ReportEventName, string>> = { held: 'held_for_review' }
const columnOf = (name: ReportEventName) => columnNames[name] ?? name.replaceAll('-', '_')

// The CSV's columns: the five steps, the meetings missed, then every other event.
const columns: [string, ReportEventName][] = [
  ...funnelSteps,
  ...meetingsMissed,
  ...reportEventNames
    .filter((name) => ![...funnelSteps, ...meetingsMissed].some(([, event]) => event === name))
    .map((name): [string, ReportEventName] => [columnOf(name), name]),
]

/** One row per source and page: the five steps, the meetings missed, then every other count. */
export function insightsCsv(report: InsightsReport): string {
  const header = ['source', 'page', ...columns.map(([column]) => column)]
  const rows = report.pages.map((page) => [
    page.source,
    page.page ?? '',
    ...columns.map(([, event]) => String(page.counts[event])),
  ])
  return `${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`
}

// Rows of cells as aligned columns, numbers to the right.
function aligned(rows: string[][]): string {
  const widths = (rows[0] ?? []).map((_, index) =>
    Math.max(...rows.map((row) => row[index]?.length ?? 0)),
  )
  return rows
    .map((row) =>
      row
        .map((cell, index) =>
          /^[\d–]/.test(cell) ? cell.padStart(widths[index] ?? 0) : cell.padEnd(widths[index] ?? 0),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}

// A step's count and, after the first, its rate from the step before.
const stepCells = ({ counts }: PageFunnel) =>
  funnelSteps.map(([, event], index) => {
    const before = funnelSteps[index - 1]
    const n = counts[event]
    return before ? `${n} (${rate(n, counts[before[1]])})` : String(n)
  })

const codesText = (codes: [string, number][]) =>
  codes.length === 0 ? '' : ` (${codes.map(([code, n]) => `${code} ${n}`).join(', ')})`

/** The report for a terminal: the funnel per source and page, then each field's drop-off. */
export function insightsTable(report: InsightsReport): string {
  const scope = report.source === null ? 'every source' : `source "${report.source}"`
  const heading = `Funnel from ${report.since} to ${report.until} (${report.timeZone} days), ${scope}`
  if (report.pages.length === 0) return `${heading}\n\nNothing counted in these days.\n`
  const steps = funnelSteps.map(([column]) => column)
  const funnel = aligned([
    ['source', 'page', ...steps, 'no_show', 'held_for_review', 'cancelled'],
    ...report.pages.map((page) => [
      page.source || '(none)',
      page.page || '(no page)',
      ...stepCells(page),
      String(page.counts['no-show']),
      String(page.counts.held),
      String(page.counts.cancelled),
    ]),
    ...(report.sources.length > 1 || report.pages.length > 1
      ? report.sources.map((total) => [
          total.source || '(none)',
          'all pages',
          ...stepCells(total),
          String(total.counts['no-show']),
          String(total.counts.held),
          String(total.counts.cancelled),
        ])
      : []),
  ])
  const fields =
    report.fields.length === 0
      ? 'No field was left empty or with an error.'
      : aligned([
          ['field', 'left empty', 'left with an error (codes)', 'refused at send (codes)'],
          ...report.fields.map((field) => [
            field.label,
            String(field.leftEmpty),
            `${field.leftWithError}${codesText(field.errorCodes)}`,
            `${field.refused}${codesText(field.refusedCodes)}`,
          ]),
        ])
  return `${heading}\n\nViews → starts → sent → booked → met, each rate from the step before:\n\n${funnel}\n\nWhere visitors stumbled, by field:\n\n${fields}\n`
}
