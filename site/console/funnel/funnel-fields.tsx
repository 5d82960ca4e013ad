import type { ColumnDef } from '@tanstack/react-table'
import type { FunnelFieldDropOff } from '#core/console-api.ts'
import { consoleCopy } from '../console-copy.ts'
import { DataTable } from '../data-table.tsx'
import { formatCount, messageSeen } from './funnel-format.ts'

const words = consoleCopy.funnel

function Messages({ field, codes }: { field: string; codes: [string, number][] }) {
  if (codes.length === 0) return null
  return (
    <ul className="funnel-messages">
      {codes.map(([code, n]) => (
        <li key={code}>{words.times(messageSeen(field, code), formatCount(n))}</li>
      ))}
    </ul>
  )
}

const columns: ColumnDef<FunnelFieldDropOff, unknown>[] = [
  { id: 'field', header: words.field, accessorFn: (row) => row.label },
  { id: 'leftEmpty', header: words.leftEmpty, accessorFn: (row) => formatCount(row.leftEmpty) },
  {
    id: 'leftWithError',
    header: words.leftWithError,
    accessorFn: (row) => formatCount(row.leftWithError),
  },
  {
    id: 'messagesSeen',
    header: words.messagesSeen,
    cell: ({ row }) => <Messages field={row.original.field} codes={row.original.errorCodes} />,
  },
  { id: 'refused', header: words.refused, accessorFn: (row) => formatCount(row.refused) },
  {
    id: 'refusedMessages',
    header: words.refusedMessages,
    cell: ({ row }) => <Messages field={row.original.field} codes={row.original.refusedCodes} />,
  },
]

/** Each field visitors left, empty or with an error, with the words of the messages they saw. */
export function FunnelFields({ fields }: { fields: FunnelFieldDropOff[] }) {
  return (
    <section className="funnel-breakdown">
      <h2>{words.fields}</h2>
      <p className="console-muted">{words.fieldsIntro}</p>
      {fields.length === 0 ? (
        <p className="console-empty">{words.noFields}</p>
      ) : (
        <DataTable
          caption={words.fieldsCaption}
          rows={fields}
          columns={columns}
          rowKey={(row) => row.field}
        />
      )}
    </section>
  )
}
