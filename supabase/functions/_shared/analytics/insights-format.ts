// `npm run insights` as a terminal table and as CSV, from the report's figures.
import { type FunnelEventName, funnelEventNames } from '#core/funnel-events.ts'
import { csvCell } from '../lead/lead-columns.ts'
import { funnelSteps, type InsightsReport, type PageFunnel, rate } from './insights-report.ts'

const stepEvents = new Set<FunnelEventName>(funnelSteps.map(([, event]) => event))
// The CSV's columns after the four steps: every other event, under its name with underscores.
const otherEvents = funnelEventNames.filter((name) => !stepEvents.has(name))

/** One row per source and page: the four steps, then every other event's count. */
export function insightsCsv(report: InsightsReport): string {
  const header = [
    'source',
    'page',
    ...funnelSteps.map(([column]) => column),
    ...otherEvents.map((name) => name.replaceAll('-', '_')),
  ]
  const rows = report.pages.map((page) => [
    page.source,
    page.page ?? '',
    ...funnelSteps.map(([, event]) => String(page.counts[event])),
    ...otherEvents.map((name) => String(page.counts[name])),
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
    ['source', 'page', ...steps, 'held', 'cancelled'],
    ...report.pages.map((page) => [
      page.source || '(none)',
      page.page || '(no page)',
      ...stepCells(page),
      String(page.counts.held),
      String(page.counts.cancelled),
    ]),
    ...(report.sources.length > 1 || report.pages.length > 1
      ? report.sources.map((total) => [
          total.source || '(none)',
          'all pages',
          ...stepCells(total),
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
  return `${heading}\n\nViews → starts → sent → booked, each rate from the step before:\n\n${funnel}\n\nWhere visitors stumbled, by field:\n\n${fields}\n`
}
