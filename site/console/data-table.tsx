import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table'
import { useId } from 'react'

/**
 * A table with a caption and column headers, in a region of its own that scrolls sideways on a
 * narrow screen; the first column heads each row. Used by the audit, counts and people views.
 */
export function DataTable<Row>({
  caption,
  rows,
  columns,
  rowKey,
}: {
  caption: string
  rows: Row[]
  // biome-ignore lint/suspicious/noExplicitAny: TanStack's column list mixes value types
  columns: ColumnDef<Row, any>[]
  rowKey: (row: Row) => string
}) {
  const captionId = useId()
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: rowKey,
  })
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard
    <section className="console-table-scroll" aria-labelledby={captionId} tabIndex={0}>
      <table className="console-table">
        <caption id={captionId}>{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell, index) => {
                const content = flexRender(cell.column.columnDef.cell, cell.getContext())
                return index === 0 ? (
                  <th key={cell.id} scope="row">
                    {content}
                  </th>
                ) : (
                  <td key={cell.id}>{content}</td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
