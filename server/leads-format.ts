import type { StoredDemoRequest } from '../supabase/functions/_shared/lead/lead-store.ts'

type Column = [name: string, value: (lead: StoredDemoRequest) => string]

// The contact fields of DEMO_REQUEST_FIELDS. The CSV always has them, last, so an import maps
// the same columns whatever the form asked and one made before them still maps; the table shows
// those some listed lead has, after the company size.
const contactColumns: Column[] = [
  ['email', (lead) => lead.email ?? ''],
  ['phone', (lead) => lead.phone ?? ''],
  ['role', (lead) => lead.role ?? ''],
  // One line in the table; the CSV quotes the line breaks.
  ['message', (lead) => lead.message ?? ''],
]

const tableColumns: Column[] = [
  ['created_at', (lead) => lead.createdAt.toISOString()],
  ['first_name', (lead) => lead.firstName],
  ['last_name', (lead) => lead.lastName],
  ['company_name', (lead) => lead.companyName],
  ['company_size', (lead) => lead.companySize],
  ['source', (lead) => lead.source ?? ''],
  ['campaign', (lead) => lead.utmCampaign ?? ''],
  ['spam', (lead) => (lead.isSpam ? 'yes' : 'no')],
  ['notification', (lead) => lead.notificationStatus],
  ['id', (lead) => lead.id],
]
const csvColumns: Column[] = [
  ...tableColumns,
  ['page_url', (lead) => lead.pageUrl ?? ''],
  ['referrer', (lead) => lead.referrer ?? ''],
  ['utm_source', (lead) => lead.utmSource ?? ''],
  ['utm_medium', (lead) => lead.utmMedium ?? ''],
  ['utm_campaign', (lead) => lead.utmCampaign ?? ''],
  ['utm_term', (lead) => lead.utmTerm ?? ''],
  ['utm_content', (lead) => lead.utmContent ?? ''],
  ['user_agent', (lead) => lead.userAgent ?? ''],
  ['notified_at', (lead) => lead.notifiedAt?.toISOString() ?? ''],
  ...contactColumns,
  ['phone_e164', (lead) => lead.phoneE164 ?? ''],
  // A held lead's window end: its digest told sales about it with the others of that window.
  ['held_until', (lead) => lead.heldUntil?.toISOString() ?? ''],
]

const rows = (columns: Column[], leads: readonly StoredDemoRequest[]) => [
  columns.map(([name]) => name),
  ...leads.map((lead) => columns.map(([, value]) => value(lead))),
]

// Wide values would push every other column off screen; the CSV keeps them whole.
const clip = (text: string) => (text.length > 36 ? `${text.slice(0, 35)}…` : text)

/** Leads as an aligned plain-text table for a terminal. */
export function leadsTable(leads: readonly StoredDemoRequest[]): string {
  if (leads.length === 0) return 'No demo requests yet.'
  const shown = contactColumns.filter(([, value]) => leads.some((lead) => value(lead) !== ''))
  const size = tableColumns.findIndex(([name]) => name === 'company_size') + 1
  const columns = tableColumns.toSpliced(size, 0, ...shown)
  const [header = [], ...body] = rows(columns, leads).map((row) =>
    row.map((cell) => clip(cell.replace(/\s*\n\s*/g, ' / '))),
  )
  const widths = header.map((_, index) =>
    Math.max(...[header, ...body].map((row) => row[index]?.length ?? 0)),
  )
  const line = (row: string[]) =>
    row
      .map((cell, index) => cell.padEnd(widths[index] ?? 0))
      .join('  ')
      .trimEnd()
  return [header, widths.map((width) => '-'.repeat(width)), ...body].map(line).join('\n')
}

// A leading = + - @ (or tab, CR) makes spreadsheets run the cell as a formula.
function csvCell(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** Leads as RFC 4180 CSV with a header row, safe to open in a spreadsheet. */
export function leadsCsv(leads: readonly StoredDemoRequest[]): string {
  return `${rows(csvColumns, leads)
    .map((row) => row.map(csvCell).join(','))
    .join('\r\n')}\r\n`
}
