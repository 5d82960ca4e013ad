// The leads' columns for people and programs: the table of `npm run leads` and the CSV that
// it and the console's export write, from the field catalogue, so both say the same.
import {
  contactFieldNames,
  type LeadFieldName,
  leadField,
  leadFieldNames,
  requiredFieldNames,
} from '#core/lead-fields.ts'
import type { StoredDemoRequest } from './lead-store.ts'

/** A column of the leads' table and CSV: its header, and its text for a lead. */
export type Column = [name: string, value: (lead: StoredDemoRequest) => string]

// A catalogue field under its column's name, or under `header`.
const field = (name: LeadFieldName, header = leadField(name).column): Column => [
  header,
  // The message keeps its line breaks: one line in the table, quoted in the CSV.
  (lead) => lead[name] ?? '',
]

// The contact fields of DEMO_REQUEST_FIELDS: the table shows those some listed lead has, after
// the company size; the CSV always has them, so an import maps the same columns whatever the
// form asked.
export const contactColumns = contactFieldNames.map((name) => field(name))

export const tableColumns: Column[] = [
  ['created_at', (lead) => lead.createdAt.toISOString()],
  ...requiredFieldNames.map((name) => field(name)),
  field('source'),
  field('language'),
  field('utmCampaign', 'campaign'),
  ['spam', (lead) => (lead.isSpam ? 'yes' : 'no')],
  ['notification', (lead) => lead.notificationStatus],
  ['id', (lead) => lead.id],
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
/** The CSV's columns (`npm run leads -- --csv`, the console's export), in order. */
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

export const rows = (columns: Column[], leads: readonly StoredDemoRequest[]) => [
  columns.map(([name]) => name),
  ...leads.map((lead) => columns.map(([, value]) => value(lead))),
]

/** A CSV cell, quoted where needed: a leading = + - @ (or tab, CR) would run as a formula. */
export function csvCell(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** One lead as a CSV line, with its line break: an export streams these after the header. */
export const csvLine = (lead: StoredDemoRequest) =>
  `${csvColumns.map(([, value]) => csvCell(value(lead))).join(',')}\r\n`

/** The CSV's header line, with its line break. */
export const csvHeaderLine = `${csvColumns.map(([name]) => csvCell(name)).join(',')}\r\n`

/** Leads as RFC 4180 CSV with a header row, safe to open in a spreadsheet. */
export const leadsCsv = (leads: readonly StoredDemoRequest[]) =>
  csvHeaderLine + leads.map(csvLine).join('')
