import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import type { FunnelReport } from '#core/console-api.ts'
import { consoleCopy } from '../console-copy.ts'
import { useConsoleApi } from '../console-deps.ts'
import { Failed, Loading } from '../query-status.tsx'
import { ReportChoiceControl } from '../reports/report-choice.tsx'
import { useConsoleQuery } from '../use-console-query.ts'
import { FunnelBreakdowns } from './funnel-breakdowns.tsx'
import { FunnelByDay } from './funnel-by-day.tsx'
import { FunnelCsvButton } from './funnel-csv-button.tsx'
import { FunnelFields } from './funnel-fields.tsx'
import { FunnelFilters } from './funnel-filters.tsx'
import { formatDay } from './funnel-format.ts'
import { funnelFilterFromQuery, funnelQueryOf, queryWithFunnelFilter } from './funnel-query.ts'
import { countedNothing, FunnelStepsSummary } from './funnel-steps.tsx'

const words = consoleCopy.funnel

/**
 * The funnel for a range of days and a source, as the address holds them: its steps, by day
 * beside the period before, by source, page and campaign, and where people left the form. Every
 * role has it; a partner's reply covers its own sources only, as Postgres's policies decide.
 */
export function FunnelView({ today = new Date() }: { today?: Date }) {
  const api = useConsoleApi()
  const [address, go] = useConsoleQuery()
  // The firm's zone, once a report has named it: a preset's "today" is the firm's, not the
  // reader's (they differ for a few hours a day when the two are far apart).
  const [timeZone, setTimeZone] = useState<string>()
  const filter = funnelFilterFromQuery(address, today, timeZone)
  const asked = funnelQueryOf(filter)
  const report = useQuery({
    queryKey: ['funnel', asked],
    queryFn: () => api.funnel(asked),
    placeholderData: keepPreviousData,
  })
  // The sources offered stay those of every reply so far: a reply for one source may name only
  // it, and the list must still offer the way back to the others.
  const named = report.data?.timeZone
  if (named && named !== timeZone) setTimeZone(named)
  const known = useRef(new Set<string>())
  for (const source of report.data?.sources ?? []) known.current.add(source)
  if (filter.source) known.current.add(filter.source)
  return (
    <div className="console-funnel">
      <FunnelFilters
        key={JSON.stringify(filter)}
        filter={filter}
        sources={[...known.current].sort()}
        onApply={(next) => go(queryWithFunnelFilter(address, next))}
      />
      <FunnelCsvButton query={asked} />
      {/* A new range that fails keeps the report it had, under the failure's words. */}
      {report.isError && <Failed error={report.error} retry={() => report.refetch()} />}
      {report.isPending ? <Loading /> : report.data && <FunnelShown report={report.data} />}
      <ReportChoiceControl />
    </div>
  )
}

/** A funnel report as the console shows it; a share link's page shows it alike. */
export function FunnelShown({ report }: { report: FunnelReport }) {
  return (
    <>
      <p className="funnel-period">
        {words.period(formatDay(report.from), formatDay(report.to), report.timeZone)}{' '}
        <span className="console-muted">
          ({words.previous(formatDay(report.previous.from), formatDay(report.previous.to))})
        </span>
      </p>
      {countedNothing(report.totals) && countedNothing(report.previous.totals) ? (
        <p className="console-empty">{words.empty}</p>
      ) : (
        <>
          <FunnelStepsSummary report={report} />
          <FunnelByDay report={report} />
          <FunnelBreakdowns report={report} />
          <FunnelFields fields={report.fields} />
        </>
      )}
    </>
  )
}
