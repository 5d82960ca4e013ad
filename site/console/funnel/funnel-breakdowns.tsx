import type { ColumnDef } from '@tanstack/react-table'
import type { FunnelReport, FunnelSteps } from '#core/console-api.ts'
import { consoleCopy } from '../console-copy.ts'
import { DataTable } from '../data-table.tsx'
import { stepColumns } from './funnel-columns.tsx'

const words = consoleCopy.funnel
const other = 'other'
const named = (value: string) => value || words.none

type SourceRow = FunnelReport['bySource'][number]
type PageRow = FunnelReport['byPage'][number]
type CampaignRow = FunnelReport['byCampaign'][number]

const sourceColumns: ColumnDef<SourceRow, number | string>[] = [
  { id: 'source', header: words.source, accessorFn: (row) => named(row.source) },
  ...stepColumns<SourceRow>({ sentOfViews: true }),
]
const pageColumns: ColumnDef<PageRow, number | string>[] = [
  { id: 'page', header: words.page, accessorFn: (row) => named(row.page) },
  { id: 'source', header: words.source, accessorFn: (row) => named(row.source) },
  ...stepColumns<PageRow>({ sentOfViews: true }),
]
const campaignColumns: ColumnDef<CampaignRow, number | string>[] = [
  { id: 'campaign', header: words.utmCampaign, accessorFn: (row) => named(row.utmCampaign) },
  { id: 'utmSource', header: words.utmSource, accessorFn: (row) => named(row.utmSource) },
  ...stepColumns<CampaignRow>({ sentOfViews: true }),
]

/** A breakdown's table, and under it what its `other` rows gather when it has any. */
function Breakdown<Row extends FunnelSteps>({
  heading,
  caption,
  rows,
  columns,
  rowKey,
  hasOther,
  otherNote,
}: {
  heading: string
  caption: string
  rows: Row[]
  columns: ColumnDef<Row, number | string>[]
  rowKey: (row: Row) => string
  hasOther: (row: Row) => boolean
  otherNote: string
}) {
  return (
    <section className="funnel-breakdown">
      <h2>{heading}</h2>
      <DataTable caption={caption} rows={rows} columns={columns} rowKey={rowKey} />
      {rows.some(hasOther) && <p className="console-muted funnel-other">{otherNote}</p>}
    </section>
  )
}

/** The report by source, by page and by campaign; rows named `other` shown with a note. */
export function FunnelBreakdowns({ report }: { report: FunnelReport }) {
  return (
    <>
      <Breakdown
        heading={words.bySource}
        caption={words.sourceCaption}
        rows={report.bySource}
        columns={sourceColumns}
        rowKey={(row) => row.source}
        hasOther={(row) => row.source === other}
        otherNote={words.otherNotes.source}
      />
      <Breakdown
        heading={words.byPage}
        caption={words.pageCaption}
        rows={report.byPage}
        columns={pageColumns}
        rowKey={(row) => `${row.source} ${row.page}`}
        hasOther={(row) => row.page === other || row.source === other}
        otherNote={words.otherNotes.page}
      />
      <Breakdown
        heading={words.byCampaign}
        caption={words.campaignCaption}
        rows={report.byCampaign}
        columns={campaignColumns}
        rowKey={(row) => `${row.utmSource} ${row.utmCampaign}`}
        hasOther={(row) => row.utmCampaign === other || row.utmSource === other}
        otherNote={words.otherNotes.campaign}
      />
    </>
  )
}
