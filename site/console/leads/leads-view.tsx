import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useLocation } from 'wouter'
import type { LeadFilter, LeadSummary } from '#core/console-api.ts'
import { consoleCopy } from '../console-copy.ts'
import { dayOf } from '../console-dates.ts'
import { useConsoleApi } from '../console-deps.ts'
import { Failed, Loading } from '../query-status.tsx'
import { saveFile } from '../save-file.ts'
import { useConsoleQuery } from '../use-console-query.ts'
import { leadsQuery, refetchListOnMount } from './landing-queries.ts'
import { filterFromQuery, queryWithFilter } from './lead-filter-query.ts'
import { LeadFilters } from './lead-filters.tsx'
import { LeadPanel } from './lead-panel.tsx'
import { LeadsTable } from './leads-table.tsx'
import { useNewLeads } from './use-new-leads.ts'

const words = consoleCopy.leads

// A new lead shows within this long without a reload, and at once when the tab regains focus.
const refreshEvery = 15_000

/** The leads view: the list with its filter in the address, or one lead (`?lead=`). */
export function LeadsView() {
  const [query, go] = useConsoleQuery()
  const leadId = query.get('lead')
  const filter = filterFromQuery(query)
  if (leadId) {
    const back = new URLSearchParams(query)
    back.delete('lead')
    return <LeadPanel key={leadId} id={leadId} backQuery={back.toString()} />
  }
  return (
    <LeadList
      key={JSON.stringify(filter)}
      filter={filter}
      onFilter={(next) => go(queryWithFilter(query, next))}
      leadQuery={(lead) => {
        const open = new URLSearchParams(query)
        open.set('lead', lead.id)
        return open.toString()
      }}
    />
  )
}

function LeadList({
  filter,
  onFilter,
  leadQuery,
}: {
  filter: LeadFilter
  onFilter: (filter: LeadFilter) => void
  leadQuery: (lead: LeadSummary) => string
}) {
  const api = useConsoleApi()
  const [path] = useLocation()
  // The cursors of the pages before this one, for "Newer"; the server pages by cursor only.
  const [cursors, setCursors] = useState<(string | null)[]>([null])
  const before = cursors.at(-1) ?? null
  const leads = useQuery({
    ...leadsQuery(api, filter, before),
    refetchOnMount: refetchListOnMount,
    refetchInterval: refreshEvery,
    refetchOnWindowFocus: true,
    placeholderData: keepPreviousData,
  })
  const arrived = useNewLeads(leads.data, cursors.length === 1 && !leads.isPlaceholderData)
  const [exporting, setExporting] = useState(false)
  const [exportProblem, setExportProblem] = useState<string | null>(null)
  const [exported, setExported] = useState<string | null>(null)

  async function exportCsv() {
    setExporting(true)
    setExportProblem(null)
    setExported(null)
    try {
      const file = `leads-${dayOf(new Date())}.csv`
      saveFile(await api.exportCsv(filter), file)
      setExported(file)
    } catch (error) {
      setExportProblem(`${words.exportFailed} ${error instanceof Error ? error.message : ''}`)
    } finally {
      setExporting(false)
    }
  }

  return (
    <div className="console-leads">
      <LeadFilters filter={filter} onApply={onFilter} />
      <p className="console-live" role="status">
        {arrived > 0 ? words.newLeads(arrived) : ''}
      </p>
      <div className="console-actions">
        <button
          type="button"
          className="button button--outline"
          onClick={exportCsv}
          disabled={exporting}
        >
          {exporting ? words.exporting : words.export}
        </button>
        {/* Said when the file is saved: a download gives a screen reader no word of its own. */}
        <p className="console-live" role="status">
          {exported ? words.exported(exported) : ''}
        </p>
      </div>
      {exportProblem && (
        <p className="console-problem" role="alert">
          {exportProblem}
        </p>
      )}
      {/* A refresh that fails keeps the page it had, under the failure's words. */}
      {leads.isError && <Failed error={leads.error} retry={() => leads.refetch()} />}
      {leads.isPending ? (
        <Loading />
      ) : !leads.data ? null : leads.data.leads.length === 0 ? (
        <p className="console-empty">{words.empty}</p>
      ) : (
        <>
          <LeadsTable
            leads={leads.data.leads}
            total={leads.data.total}
            hrefOf={(lead) => `${path}?${leadQuery(lead)}`}
          />
          <LeadPager
            next={leads.data.next}
            atNewest={cursors.length === 1}
            onNewer={() => setCursors((now) => now.slice(0, -1))}
            onOlder={(next) => setCursors((now) => [...now, next])}
          />
        </>
      )}
    </div>
  )
}

function LeadPager({
  next,
  atNewest,
  onNewer,
  onOlder,
}: {
  next: string | null
  atNewest: boolean
  onNewer: () => void
  onOlder: (next: string) => void
}) {
  return (
    <nav className="console-pager" aria-label={words.pages}>
      <button
        type="button"
        className="button button--outline"
        disabled={atNewest}
        onClick={onNewer}
      >
        {words.newer}
      </button>
      <button
        type="button"
        className="button button--outline"
        disabled={!next}
        onClick={() => next && onOlder(next)}
      >
        {words.older}
      </button>
    </nav>
  )
}
