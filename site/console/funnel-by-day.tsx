import type { ColumnDef } from '@tanstack/react-table'
import { useId, useState } from 'react'
import type { FunnelDay, FunnelReport } from '#core/console-api.ts'
import { consoleCopy } from './console-copy.ts'
import { DataTable } from './data-table.tsx'
import { stepColumns } from './funnel-columns.tsx'
import { FunnelDayChart } from './funnel-day-chart.tsx'
import { formatCount, formatDay } from './funnel-format.ts'
import { type FunnelStep, funnelSteps } from './funnel-steps.tsx'

const words = consoleCopy.funnel

/** A day of the report beside the same day of the period before (the n-th of each). */
type DayRow = FunnelDay & { before: FunnelDay | undefined }

function dayColumns(step: FunnelStep): ColumnDef<DayRow, number | string>[] {
  return [
    { id: 'day', header: words.day, accessorFn: (row) => formatDay(row.day) },
    ...stepColumns<DayRow>(),
    {
      id: 'dayBefore',
      header: words.dayBefore,
      accessorFn: (row) => (row.before ? formatDay(row.before.day) : ''),
    },
    {
      id: 'stepBefore',
      header: words.stepBefore(words.stepNames[step]),
      accessorFn: (row) => (row.before ? formatCount(row.before[step]) : ''),
    },
  ]
}

/** The report by day: the chart of one step, then the table that holds every figure of it. */
export function FunnelByDay({ report }: { report: FunnelReport }) {
  const [step, setStep] = useState<FunnelStep>('views')
  const heading = useId()
  const rows: DayRow[] = report.days.map((day, index) => ({
    ...day,
    before: report.previous.days[index],
  }))
  return (
    <section aria-labelledby={heading}>
      <h2 id={heading}>{words.byDay}</h2>
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
      <FunnelDayChart days={report.days} previous={report.previous.days} step={step} />
      <DataTable
        caption={words.dayCaption(words.stepNames[step])}
        rows={rows}
        columns={dayColumns(step)}
        rowKey={(row) => row.day}
      />
    </section>
  )
}
