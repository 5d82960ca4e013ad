import type { ColumnDef } from '@tanstack/react-table'
import type { FunnelSteps } from '#core/console-api.ts'
import { consoleCopy } from '../console-copy.ts'
import { formatCount, formatRate } from './funnel-format.ts'
import { besideSteps, funnelSteps } from './funnel-steps.tsx'

const words = consoleCopy.funnel

/**
 * The columns every funnel table shares after its first: the five steps, the meetings missed,
 * held for review, routed and cancelled, and (where asked) sent as a share of views.
 */
export function stepColumns<Row extends FunnelSteps>({
  sentOfViews = false,
}: {
  sentOfViews?: boolean
} = {}): ColumnDef<Row, number | string>[] {
  const counts: ColumnDef<Row, number | string>[] = [...funnelSteps, ...besideSteps].map(
    (step) => ({
      id: step,
      header: words.stepNames[step],
      accessorFn: (row: Row) => row[step],
      cell: (cell) => formatCount(Number(cell.getValue())),
    }),
  )
  if (!sentOfViews) return counts
  return [
    ...counts,
    {
      id: 'sentOfViews',
      header: words.sentOfViews,
      accessorFn: (row: Row) => formatRate(row.sent, row.views),
    },
  ]
}
