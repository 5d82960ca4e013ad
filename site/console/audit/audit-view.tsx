import { useInfiniteQuery } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import type { AuditEntry } from '#core/console-api.ts'
import { consoleCopy } from '../console-copy.ts'
import { formatInstant } from '../console-dates.ts'
import { useConsoleApi } from '../console-deps.ts'
import { DataTable } from '../data-table.tsx'
import { Failed, Loading } from '../query-status.tsx'

const words = consoleCopy.audit
const column = createColumnHelper<AuditEntry>()
const columns = [
  column.accessor('at', { header: words.at, cell: (cell) => formatInstant(cell.getValue()) }),
  column.accessor('actor', { header: words.actor }),
  column.accessor('action', {
    header: words.action,
    cell: (cell) => words.actions[cell.getValue()],
  }),
  column.accessor('leadId', { header: words.lead, cell: (cell) => cell.getValue() ?? '—' }),
  column.accessor('detail', {
    header: words.detail,
    cell: (cell) =>
      Object.entries(cell.getValue())
        .map(
          ([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
        )
        .join(', ') || '—',
  }),
]

/** The owner's audit trail, newest first, older entries loaded on request. */
export function AuditView() {
  const api = useConsoleApi()
  const trail = useInfiniteQuery({
    queryKey: ['audit'],
    queryFn: ({ pageParam }) => api.audit(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  })
  if (trail.isPending) return <Loading />
  if (trail.isError) return <Failed error={trail.error} retry={() => trail.refetch()} />
  const entries = trail.data.pages.flatMap((page) => page.entries)
  if (entries.length === 0) return <p className="console-empty">{words.empty}</p>
  return (
    <>
      <DataTable
        caption={words.caption}
        rows={entries}
        columns={columns}
        rowKey={(entry) => entry.id}
      />
      {trail.hasNextPage && (
        <button
          type="button"
          className="button button--outline"
          disabled={trail.isFetchingNextPage}
          onClick={() => void trail.fetchNextPage()}
        >
          {words.more}
        </button>
      )}
    </>
  )
}
