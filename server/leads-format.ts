import type { StoredDemoRequest } from '../supabase/functions/_shared/demo-request-store.ts'

const columns: [string, (lead: StoredDemoRequest) => string][] = [
  ['created_at', (lead) => lead.createdAt.toISOString()],
  ['first_name', (lead) => lead.firstName],
  ['last_name', (lead) => lead.lastName],
  ['company_name', (lead) => lead.companyName],
  ['company_size', (lead) => lead.companySize],
  ['source', (lead) => lead.source ?? ''],
  ['spam', (lead) => (lead.isSpam ? 'yes' : 'no')],
  ['notification', (lead) => lead.notificationStatus],
  ['id', (lead) => lead.id],
]

// Wide values would push every other column off screen; the CSV keeps them whole.
const maxWidth = 36
const clip = (text: string) => (text.length > maxWidth ? `${text.slice(0, maxWidth - 1)}…` : text)

/** Leads as an aligned plain-text table for a terminal. */
export function leadsTable(leads: readonly StoredDemoRequest[]): string {
  if (leads.length === 0) return 'No demo requests yet.'
  const cells = [
    columns.map(([name]) => name),
    ...leads.map((lead) => columns.map(([, value]) => clip(value(lead)))),
  ]
  const widths = columns.map((_, index) => Math.max(...cells.map((row) => row[index]?.length ?? 0)))
  const line = (row: string[]) =>
    row
      .map((cell, index) => cell.padEnd(widths[index] ?? 0))
      .join('  ')
      .trimEnd()
  const [header = [], ...body] = cells
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)].join(
    '\n',
  )
}

// A leading = + - @ (or tab, CR) makes spreadsheets run the cell as a formula.
function csvCell(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** Leads as RFC 4180 CSV with a header row, safe to open in a spreadsheet. */
export function leadsCsv(leads: readonly StoredDemoRequest[]): string {
  const all: [string, (lead: StoredDemoRequest) => string][] = [
    ...columns,
    ['page_url', (lead) => lead.pageUrl ?? ''],
    ['referrer', (lead) => lead.referrer ?? ''],
    ['user_agent', (lead) => lead.userAgent ?? ''],
    ['notified_at', (lead) => lead.notifiedAt?.toISOString() ?? ''],
  ]
  const rows = [
    all.map(([name]) => name),
    ...leads.map((lead) => all.map(([, value]) => value(lead))),
  ]
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`
}
