// `npm run insights -- --html FILE`: the report as one page that opens offline. Its styles and
// charts (CSS bars, one inline SVG) are in the file; it loads no script, font or image.

import { escapeHtml } from '#core/escape-html.ts'
import { tokens } from '../../src/styles/design-tokens.ts'
import {
  type FieldDropOff,
  funnelSteps,
  type InsightsReport,
  type PageFunnel,
  rate,
} from './insights-report.ts'

const css = `
.insights { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif;
  color: ${tokens.colorText}; background: ${tokens.colorBackground}; max-width: 60rem;
  margin: 0 auto; padding: 1.5rem; line-height: 1.4; }
.insights h1, .insights h2 { color: ${tokens.colorPrimary}; font-family: Georgia, 'Times New Roman', serif; }
.insights h2 { margin-top: 2.5rem; border-bottom: 1px solid ${tokens.colorBorder}; }
.insights .muted { color: ${tokens.colorMuted}; }
.insights .source { margin: 1.25rem 0; }
.insights .bar-row { display: grid; grid-template-columns: 8rem 1fr 7rem; gap: .5rem;
  align-items: center; margin: .25rem 0; }
.insights .track { background: ${tokens.colorSurface}; border-radius: ${tokens.radius}; height: 1.25rem; }
.insights .bar { background: ${tokens.colorPrimary}; border-radius: ${tokens.radius}; height: 100%; min-width: 2px; }
.insights .bar.error { background: ${tokens.colorDanger}; }
.insights .bar.booked { background: ${tokens.colorSuccess}; }
.insights table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
.insights th, .insights td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid ${tokens.colorSurface}; }
.insights td.n { text-align: right; }
.insights .legend span { display: inline-block; width: .8rem; height: .8rem; margin: 0 .3rem 0 1rem; vertical-align: middle; }
`

const percent = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.max(0, Math.min(100, (part / whole) * 100))

function bar(label: string, n: number, of: number, note: string, kind = ''): string {
  return `<div class="bar-row"><span>${escapeHtml(label)}</span><div class="track"><div class="bar ${kind}" style="width: ${percent(n, of).toFixed(1)}%"></div></div><span class="n">${n}${note ? ` <span class="muted">${escapeHtml(note)}</span>` : ''}</span></div>`
}

// The four steps as bars, each as long as its share of the views (or of the largest step).
function sourceFunnel(total: PageFunnel): string {
  const widest = Math.max(...funnelSteps.map(([, event]) => total.counts[event]), 1)
  const bars = funnelSteps.map(([name, event], index) => {
    const before = funnelSteps[index - 1]
    const note = before ? rate(total.counts[event], total.counts[before[1]]) : ''
    const kind = event === 'booked' ? 'booked' : ''
    return bar(name, total.counts[event], widest, note, kind)
  })
  return `<section class="source"><h3>${escapeHtml(total.source || '(no source)')}</h3>${bars.join('')}</section>`
}

function pagesTable(report: InsightsReport): string {
  const steps = funnelSteps.map(([name]) => `<th scope="col">${name}</th>`).join('')
  const rows = report.pages.map((page) => {
    const cells = funnelSteps.map(([, event], index) => {
      const before = funnelSteps[index - 1]
      const n = page.counts[event]
      return `<td class="n">${n}${before ? ` <span class="muted">${rate(n, page.counts[before[1]])}</span>` : ''}</td>`
    })
    return `<tr><td>${escapeHtml(page.source || '(none)')}</td><td>${escapeHtml(page.page || '(no page)')}</td>${cells.join('')}</tr>`
  })
  return `<table><thead><tr><th scope="col">source</th><th scope="col">page</th>${steps}</tr></thead><tbody>${rows.join('')}</tbody></table>`
}

const codes = (list: [string, number][]) =>
  list.map(([code, n]) => `${escapeHtml(code)} ${n}`).join(', ')

function fieldRows(fields: readonly FieldDropOff[]): string {
  if (fields.length === 0) return '<p>No field was left empty or with an error.</p>'
  const widest = Math.max(...fields.map((f) => f.leftEmpty + f.leftWithError), 1)
  return fields
    .map(
      (field) =>
        `<section class="source"><h3>${escapeHtml(field.label)}</h3>${bar('left empty', field.leftEmpty, widest, '')}${bar('with an error', field.leftWithError, widest, '', 'error')}${field.errorCodes.length > 0 ? `<p class="muted">Codes seen before leaving: ${codes(field.errorCodes)}</p>` : ''}${field.refused > 0 ? `<p class="muted">Refused at a send ${field.refused} times: ${codes(field.refusedCodes)}</p>` : ''}</section>`,
    )
    .join('')
}

// Sends and bookings per day as paired bars in one inline SVG, with the numbers in its text.
function dailyChart(report: InsightsReport): string {
  const height = 120
  const step = 14
  const highest = Math.max(...report.days.map((day) => Math.max(day.sent, day.booked)), 1)
  const scale = (n: number) => (n / highest) * (height - 10)
  const bars = report.days
    .map((day, index) => {
      const x = index * step
      const sent = scale(day.sent)
      const booked = scale(day.booked)
      return `<g><title>${day.day}: ${day.sent} sent, ${day.booked} booked</title><rect x="${x}" y="${(height - sent).toFixed(1)}" width="6" height="${sent.toFixed(1)}" fill="${tokens.colorPrimary}"/><rect x="${x + 6}" y="${(height - booked).toFixed(1)}" width="6" height="${booked.toFixed(1)}" fill="${tokens.colorSuccess}"/></g>`
    })
    .join('')
  const width = Math.max(report.days.length * step, step)
  const sent = report.days.reduce((sum, day) => sum + day.sent, 0)
  const booked = report.days.reduce((sum, day) => sum + day.booked, 0)
  const label = `Sends and bookings per day from ${report.since} to ${report.until}: ${sent} sent, ${booked} booked in all; highest day ${highest}.`
  return `<p class="legend"><span style="background: ${tokens.colorPrimary}"></span>sent<span style="background: ${tokens.colorSuccess}"></span>booked <span class="muted">(highest day: ${highest})</span></p><svg role="img" aria-label="${escapeHtml(label)}" viewBox="0 0 ${width} ${height}" width="100%" height="${height}" preserveAspectRatio="none">${bars}</svg><p class="muted">${report.since} to ${report.until}</p>`
}

/** The report as one self-contained HTML page. */
export function insightsHtml(report: InsightsReport): string {
  const scope = report.source === null ? 'every source' : `source “${report.source}”`
  const body =
    report.pages.length === 0
      ? '<p>Nothing counted in these days.</p>'
      : `<h2>Funnel by source</h2><p class="muted">Views → starts → sent → booked; each rate is from the step before.</p>${report.sources.map(sourceFunnel).join('')}<h2>By page</h2>${pagesTable(report)}<h2>Drop-off by field</h2><p class="muted">How often visitors left each field empty or with an error, and the codes they saw.</p>${fieldRows(report.fields)}<h2>Sends and bookings per day</h2>${dailyChart(report)}`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo-request funnel, ${report.since} to ${report.until}</title>
<style>${css}</style>
</head>
<body>
<main class="insights">
<h1>Demo-request funnel</h1>
<p>${report.since} to ${report.until} (UTC days), ${escapeHtml(scope)}. Counts only: no cookie, no visitor identifier (<code>docs/analytics.md</code>).</p>
${body}
</main>
</body>
</html>
`
}
