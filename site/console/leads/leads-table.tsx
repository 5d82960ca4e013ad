import { createColumnHelper } from '@tanstack/react-table'
import { Link } from 'wouter'
import type { LeadSummary } from '#core/console-api.ts'
import { consoleCopy } from '../console-copy.ts'
import { formatInstant } from '../console-dates.ts'
import { DataTable } from '../data-table.tsx'

const words = consoleCopy.leads
const column = createColumnHelper<LeadSummary>()

/** The leads of one page as a table, each name a link to the lead (`hrefOf`). */
export function LeadsTable({
  leads,
  total,
  hrefOf,
}: {
  leads: LeadSummary[]
  total: number
  hrefOf: (lead: LeadSummary) => string
}) {
  const columns = [
    column.accessor((lead) => `${lead.firstName} ${lead.lastName}`, {
      id: 'name',
      header: words.columns.name,
      cell: (cell) => <Link href={hrefOf(cell.row.original)}>{cell.getValue()}</Link>,
    }),
    column.accessor('createdAt', {
      header: words.columns.received,
      cell: (cell) => formatInstant(cell.getValue()),
    }),
    column.accessor('companyName', { header: words.columns.company }),
    column.accessor('email', { header: words.columns.email }),
    column.accessor('source', {
      header: words.columns.source,
      cell: (cell) => cell.getValue() ?? '—',
    }),
    column.accessor('language', { header: words.columns.language }),
    column.accessor('status', {
      header: words.columns.status,
      cell: (cell) => consoleCopy.statuses[cell.getValue()],
    }),
    column.accessor((lead) => lead.owner?.email ?? words.noOwner, {
      id: 'owner',
      header: words.columns.owner,
    }),
    column.accessor('bookingState', {
      header: words.columns.booking,
      cell: (cell) => {
        const state = cell.getValue()
        const start = cell.row.original.bookingStart
        if (!state) return words.noBooking
        return start
          ? `${consoleCopy.bookings[state]}, ${formatInstant(start)}`
          : consoleCopy.bookings[state]
      },
    }),
  ]
  // Paged and filtered on the server: the table only lays out the page it is given.
  return (
    <DataTable
      caption={words.caption(total)}
      rows={leads}
      columns={columns}
      rowKey={(lead) => lead.id}
    />
  )
}
