import { useQuery } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { type FormEvent, useState } from 'react'
import type { SourceCounts } from '#core/console-api.ts'
import { consoleCopy } from './console-copy.ts'
import { dayOf, daysBefore } from './console-dates.ts'
import { useConsoleApi } from './console-deps.ts'
import { DataTable } from './data-table.tsx'
import { Failed, Loading } from './query-status.tsx'

const words = consoleCopy.counts
const number = new Intl.NumberFormat('en-US')
const column = createColumnHelper<SourceCounts>()
const count = (header: string) => ({
  header,
  cell: (cell: { getValue: () => number }) => number.format(cell.getValue()),
})
const columns = [
  column.accessor('source', { header: words.source }),
  column.accessor('views', count(words.views)),
  column.accessor('starts', count(words.starts)),
  column.accessor('sent', count(words.sent)),
  column.accessor('booked', count(words.booked)),
]

/** The funnel per source, no personal data: the view of marketing and partners (and owners). */
export function CountsView({ today = new Date() }: { today?: Date }) {
  const api = useConsoleApi()
  const [range, setRange] = useState(() => ({
    from: dayOf(daysBefore(today, 29)),
    to: dayOf(today),
  }))
  const counts = useQuery({
    queryKey: ['counts', range.from, range.to],
    queryFn: () => api.counts(range.from, range.to),
  })
  function show(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setRange({ from: String(form.get('from')), to: String(form.get('to')) })
  }
  return (
    <>
      <form className="console-form console-form--inline" onSubmit={show}>
        <label>
          {consoleCopy.leads.from}
          <input type="date" name="from" defaultValue={range.from} required />
        </label>
        <label>
          {consoleCopy.leads.to}
          <input type="date" name="to" defaultValue={range.to} required />
        </label>
        <button type="submit" className="button button--outline">
          {words.show}
        </button>
      </form>
      {counts.isPending ? (
        <Loading />
      ) : counts.isError ? (
        <Failed error={counts.error} retry={() => counts.refetch()} />
      ) : counts.data.length === 0 ? (
        <p className="console-empty">{words.empty}</p>
      ) : (
        <DataTable
          caption={words.caption(range.from, range.to)}
          rows={counts.data}
          columns={columns}
          rowKey={(row) => row.source}
        />
      )}
    </>
  )
}
