import {
  contactFieldNames,
  type LeadFieldName,
  leadField,
  leadFieldNames,
  requiredFieldNames,
} from '#core/lead-fields.ts'
import type { BookingState } from '../supabase/functions/_shared/booking/booking-state.ts'
import type { StoredDemoRequest } from '../supabase/functions/_shared/lead/lead-store.ts'

type Column = [name: string, value: (lead: StoredDemoRequest) => string]

// A catalogue field under its column's name, or under `header`.
const field = (name: LeadFieldName, header = leadField(name).column): Column => [
  header,
  // The message keeps its line breaks: one line in the table, quoted in the CSV.
  (lead) => lead[name] ?? '',
]

// The contact fields of DEMO_REQUEST_FIELDS: the table shows those some listed lead has, after
// the company size; the CSV always has them, so an import maps the same columns whatever the
// form asked.
const contactColumns = contactFieldNames.map((name) => field(name))

const tableColumns: Column[] = [
  ['created_at', (lead) => lead.createdAt.toISOString()],
  ...requiredFieldNames.map((name) => field(name)),
  field('source'),
  field('language'),
  field('utmCampaign', 'campaign'),
  ['spam', (lead) => (lead.isSpam ? 'yes' : 'no')],
  ['notification', (lead) => lead.notificationStatus],
  ['id', (lead) => lead.id],
]
// Each state in words for the table; the CSV keeps the stored value for imports.
const bookingStateWords: Record<BookingState, string> = {
  requested: 'requested',
  awaiting_payment: 'awaiting payment',
  booked: 'booked',
  rejected: 'rejected',
  cancelled: 'cancelled',
  reschedule_requested: 'new time asked',
}
// The booking a signed webhook reported: shown when some listed lead has one.
const bookingColumn: Column = [
  'booking',
  (lead) =>
    lead.bookingState === null
      ? ''
      : `${bookingStateWords[lead.bookingState]} ${lead.bookingStart?.toISOString().replace(/:00\.000Z$/, 'Z') ?? ''}`,
]
const bookingColumns: Column[] = [
  ['route_rule', (lead) => (lead.routeRule === null ? '' : String(lead.routeRule))],
  ['booking_state', (lead) => lead.bookingState ?? ''],
  ['booking_start', (lead) => lead.bookingStart?.toISOString() ?? ''],
  ['booking_time_zone', (lead) => lead.bookingTimeZone ?? ''],
  ['booking_provider', (lead) => lead.bookingProvider ?? ''],
  ['booking_id', (lead) => lead.bookingId ?? ''],
]
const shownInTable = new Set(tableColumns.map(([name]) => name))
const csvColumns: Column[] = [
  ...tableColumns,
  // Every other field of the catalogue, in its order, under its column's name.
  ...leadFieldNames
    .filter((name) => !shownInTable.has(leadField(name).column))
    .map((name) => field(name)),
  ...bookingColumns,
  ['notified_at', (lead) => lead.notifiedAt?.toISOString() ?? ''],
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
  const booked = leads.some((lead) => lead.bookingState !== null)
  const notification = tableColumns.findIndex(([name]) => name === 'notification') + 1
  const columns = tableColumns
    .toSpliced(notification, 0, ...(booked ? [bookingColumn] : []))
    .toSpliced(size, 0, ...shown)
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

/** A CSV cell, quoted where needed: a leading = + - @ (or tab, CR) would run as a formula. */
export function csvCell(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** Leads as RFC 4180 CSV with a header row, safe to open in a spreadsheet. */
export function leadsCsv(leads: readonly StoredDemoRequest[]): string {
  return `${rows(csvColumns, leads)
    .map((row) => row.map(csvCell).join(','))
    .join('\r\n')}\r\n`
}
