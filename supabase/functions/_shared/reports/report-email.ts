import { type FunnelReport, type FunnelSteps, funnelStepNames } from '#core/console-api.ts'
import { escapeHtml } from '#core/escape-html.ts'
import { funnelStepLabels } from '#core/funnel-step-words.ts'
import { count, periodWords, reportCopy } from './report-copy.ts'
import type { ClaimedReport } from './report-store.ts'

/** Where the report's links lead: the same days in the console, and the one-click unsubscribe. */
interface ReportLinks {
  console: string
  unsubscribe: string
}

/** What the email is made of: the claim's person and days, and their funnel. */
export type ReportEmailInput = Pick<ClaimedReport, 'cadence' | 'from' | 'to'> & {
  report: FunnelReport
  /** A partner's sources, named at the top; null for the roles that see every source. */
  sources: readonly string[] | null
  links: ReportLinks
}

const top = 5

// Colours for both schemes: dark text on white, and a mid blue readable on either, so a client
// that inverts or keeps them (Outlook.com, Gmail's dark mode) leaves the email legible.
const ink = '#1f2933'
const quiet = '#52606d'
const line = '#d9e2ec'
const accent = '#1d4ed8'
const font = 'font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2933'
const cell = `padding:6px 8px;border-bottom:1px solid ${line};${font}`
const numberCell = `${cell};text-align:right;white-space:nowrap`
// A page's address has no spaces: it may break anywhere, or a phone's column would overflow.
const nameCell = `${cell};word-break:break-all;overflow-wrap:anywhere`

type Row = { name: string; steps: FunnelSteps }

// A table of figures, read as one (its header cells name the columns); only the frame around the
// email is a layout table.
function table(caption: string, head: string[], rows: string[][], alignRight: boolean[]): string {
  const th = head
    .map(
      (text, index) =>
        `<th scope="col" style="${alignRight[index] ? numberCell : cell};font-weight:bold;text-align:${alignRight[index] ? 'right' : 'left'}">${escapeHtml(text)}</th>`,
    )
    .join('')
  const body = rows
    .map(
      (row) =>
        `<tr>${row.map((text, index) => `<td style="${alignRight[index] ? numberCell : index === 0 ? nameCell : cell}">${escapeHtml(text)}</td>`).join('')}</tr>`,
    )
    .join('')
  return `<h2 style="${font};font-size:17px;margin:24px 0 8px">${escapeHtml(caption)}</h2><table width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;width:100%"><tr>${th}</tr>${body}</table>`
}

const topRows = (rows: Row[]) =>
  rows
    .slice(0, top)
    .map(({ name, steps }) => [name, count(steps.views), count(steps.sent), count(steps.booked)])

/** The field the most visitors left, empty or with an error; null when none was. */
function mostLeft(report: FunnelReport) {
  const left = (field: FunnelReport['fields'][number]) => field.leftEmpty + field.leftWithError
  const [first] = [...report.fields].sort((a, b) => left(b) - left(a))
  return first && left(first) > 0 ? first : null
}

interface Part {
  html: string
  text: string[]
}

function stepsPart(input: ReportEmailInput): Part {
  const { report, cadence } = input
  const previous = report.previous.totals
  const head = [
    reportCopy.step,
    reportCopy.now[cadence],
    reportCopy.before[cadence],
    reportCopy.change,
  ]
  // Every step the report has, in its order: a step added to the funnel appears here by itself.
  const rows = funnelStepNames.map((step) => [
    funnelStepLabels[step],
    count(report.totals[step]),
    count(previous[step]),
    reportCopy.changeOf(report.totals[step], previous[step]),
  ])
  return {
    html: table(reportCopy.steps, head, rows, [false, true, true, true]),
    text: [
      reportCopy.steps,
      ...rows.map(([label, now, before, change]) => `  ${label}: ${now} (${before}, ${change})`),
    ],
  }
}

function topPart(caption: string, column: string, rows: Row[]): Part {
  if (rows.length === 0) return { html: '', text: [] }
  const lines = topRows(rows)
  const head = [column, funnelStepLabels.views, funnelStepLabels.sent, funnelStepLabels.booked]
  return {
    html: table(caption, head, lines, [false, true, true, true]),
    text: [
      caption,
      ...lines.map(
        ([name, views, sent, booked]) =>
          `  ${name}: ${views} ${funnelStepLabels.views.toLowerCase()}, ${sent} ${funnelStepLabels.sent.toLowerCase()}, ${booked} ${funnelStepLabels.booked.toLowerCase()}`,
      ),
    ],
  }
}

function leftPart(report: FunnelReport): Part {
  const field = mostLeft(report)
  const sentence = field
    ? reportCopy.leftField(field.label, field.leftEmpty, field.leftWithError)
    : reportCopy.noneLeft
  return {
    html: `<h2 style="${font};font-size:17px;margin:24px 0 8px">${escapeHtml(reportCopy.left)}</h2><p style="${font};margin:0">${escapeHtml(sentence)}</p>`,
    text: [reportCopy.left, `  ${sentence}`],
  }
}

const named = (name: string) => name || reportCopy.none

/**
 * The emailed report: each step of the funnel with its change over the period before, the top
 * five sources, pages and campaigns, the field the most visitors left, and a link to the same
 * days in the console. One table-laid page with inline styles and nothing fetched, as Outlook
 * and Gmail need, and its plain-text twin. Every name from the counts is HTML-escaped.
 */
export function reportEmail(input: ReportEmailInput): {
  subject: string
  html: string
  text: string
} {
  const { report, cadence, links } = input
  const period = periodWords(cadence, input.from, input.to)
  const intro = reportCopy.intro(period, report.timeZone)
  const sources = input.sources === null ? null : reportCopy.sources(input.sources)
  const parts = [
    stepsPart(input),
    leftPart(report),
    topPart(
      reportCopy.topSources,
      reportCopy.source,
      report.bySource.map((row) => ({ name: named(row.source), steps: row })),
    ),
    topPart(
      reportCopy.topPages,
      reportCopy.page,
      report.byPage.map((row) => ({ name: named(row.page), steps: row })),
    ),
    topPart(
      reportCopy.topCampaigns,
      reportCopy.campaign,
      report.byCampaign.map((row) => ({
        name:
          row.utmSource || row.utmCampaign
            ? `${named(row.utmSource)} / ${named(row.utmCampaign)}`
            : reportCopy.none,
        steps: row,
      })),
    ),
  ]
  const heading = reportCopy.heading(cadence)
  const paragraph = (text: string, style = '') =>
    `<p style="${font};margin:0 0 8px;${style}">${escapeHtml(text)}</p>`
  const link = (href: string, text: string, style = '') =>
    `<a href="${escapeHtml(href)}" style="color:${accent};${style}">${escapeHtml(text)}</a>`
  const html = `<!DOCTYPE html>
<html lang="en" xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(heading)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f5f7fa">
<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(intro)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#f5f7fa" style="background-color:#f5f7fa;width:100%">
<tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#ffffff" style="background-color:#ffffff;width:100%;max-width:640px;border:1px solid ${line}">
<tr><td style="padding:20px 16px;${font}">
<h1 style="${font};font-size:22px;line-height:1.3;margin:0 0 8px;color:${ink}">${escapeHtml(heading)}</h1>
${paragraph(intro, `color:${quiet}`)}
${sources === null ? '' : paragraph(sources, `color:${quiet}`)}
${parts.map((part) => part.html).join('\n')}
<p style="${font};margin:24px 0 0">${link(links.console, reportCopy.open, 'font-weight:bold')}</p>
<p style="${font};font-size:13px;margin:24px 0 0;color:${quiet}">${escapeHtml(reportCopy.why(cadence))} ${link(links.unsubscribe, reportCopy.unsubscribe)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`
  const text = [
    heading,
    intro,
    ...(sources === null ? [] : [sources]),
    '',
    ...parts.flatMap((part) => (part.text.length === 0 ? [] : [...part.text, ''])),
    `${reportCopy.open}: ${links.console}`,
    '',
    reportCopy.why(cadence),
    `${reportCopy.unsubscribe}: ${links.unsubscribe}`,
    '',
  ].join('\n')
  return {
    subject: reportCopy.subject(cadence, period, report.totals.views, report.totals.sent),
    html,
    text,
  }
}
