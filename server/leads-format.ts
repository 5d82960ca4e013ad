import type { BookingState } from '#core/booking-state.ts'
import { type Column, contactColumns, rows, tableColumns } from '#shared/lead/lead-columns.ts'
import type { StoredDemoRequest } from '#shared/lead/lead-store.ts'

export { leadsCsv } from '#shared/lead/lead-columns.ts'

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
