import type { ColumnDef } from '@tanstack/react-table'
import { useId, useState } from 'react'
import type { FunnelDay, FunnelReport } from '#core/console-api.ts'
import { consoleCopy } from '../console-copy.ts'
import { DataTable } from '../data-table.tsx'
import { stepColumns } from './funnel-columns.tsx'
import { FunnelDayChart } from './funnel-day-chart.tsx'
import { formatCount, formatDay } from './funnel-format.ts'
import { daysPerRow, sumDays } from './funnel-periods.ts'
import { type FunnelStep, funnelSteps } from './funnel-steps.tsx'

const words = consoleCopy.funnel

/** A day (or week) of the report beside the same of the period before (the n-th of each). */
type DayRow = FunnelDay & { before: FunnelDay | undefined }

function dayColumns(step: FunnelStep, weeks: boolean): ColumnDef<DayRow, number | string>[] {
  return [
    {
      id: 'day',
      header: weeks ? words.weekOf : words.day,
      accessorFn: (row) => formatDay(row.day),
    },
    ...stepColumns<DayRow>(),
    {
      id: 'dayBefore',
      header: weeks ? words.weekBefore : words.dayBefore,
      accessorFn: (row) => (row.before ? formatDay(row.before.day) : ''),
    },
    {
      id: 'stepBefore',
      header: words.stepBefore(words.stepNames[step]),
      accessorFn: (row) => (row.before ? formatCount(row.before[step]) : ''),
    },
  ]
}

/**
 * The report by day (by week past 92 days): the chart of one step, then the table that holds
 * every figure of it.
 */
export function FunnelByDay({ report }: { report: FunnelReport }) {
  const [step, setStep] = useState<FunnelStep>('views')
  const heading = useId()
  const size = daysPerRow(report.days.length)
  const days = sumDays(report.days, size)
  const previous = sumDays(report.previous.days, size)
  const rows: DayRow[] = days.map((day, index) => ({ ...day, before: previous[index] }))
  const weeks = size > 1
  return (
    <section aria-labelledby={heading}>
      <h2 id={heading}>{weeks ? words.byWeek : words.byDay}</h2>
      <fieldset className="funnel-chart-step">
        <legend>{words.chartStep}</legend>
        {funnelSteps.map((each) => (
          <label key={each}>
            <input
              type="radio"
              name="funnel-chart-step"
              value={each}
              checked={step === each}
              onChange={() => setStep(each)}
            />
            {words.stepNames[each]}
          </label>
        ))}
      </fieldset>
      <FunnelDayChart days={days} previous={previous} step={step} />
      <DataTable
        caption={(weeks ? words.weekCaption : words.dayCaption)(words.stepNames[step])}
        rows={rows}
        columns={dayColumns(step, weeks)}
        rowKey={(row) => row.day}
      />
    </section>
  )
}
