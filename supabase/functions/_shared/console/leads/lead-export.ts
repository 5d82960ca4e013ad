import type { LeadFilter } from '#core/console-api.ts'
import type { SqlDatabase } from '../../db/sql-database.ts'
import { csvHeaderLine, csvLine } from '../../lead/lead-columns.ts'
import type { Keyset } from '../keyset-cursor.ts'
import { leadRows } from './lead-queries.ts'

/** Runs a transaction as the signed-in person (as-staff.ts), given their user id. */
export type RunAsStaff = <T>(work: (tx: SqlDatabase, me: string) => Promise<T>) => Promise<T>

// Rows per query: each page is one short transaction, so no connection is held while a slow
// client reads, and the function holds one page at a time, however many leads match.
export const exportPageRows = 500

/**
 * The CSV of every lead the filter matches, newest first, read a keyset page at a time as the
 * client takes it (a pull stream), each page as the signed-in person.
 */
export function leadCsvStream(
  run: RunAsStaff,
  filter: LeadFilter,
  timeZone: string,
  log: (message: string, error?: unknown) => void,
  pageRows = exportPageRows,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let before: Keyset | null = null
  let headerSent = false
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true
          controller.enqueue(encoder.encode(csvHeaderLine))
          return
        }
        try {
          const page = await run((tx, me) => leadRows(tx, filter, timeZone, before, pageRows, me))
          if (page.leads.length > 0) {
            controller.enqueue(encoder.encode(page.leads.map(csvLine).join('')))
          }
          before = page.last
          if (page.leads.length < pageRows) controller.close()
        } catch (error) {
          // The reply has started: the client sees a cut-off file, and the log says why.
          log('The console export failed part way', error)
          controller.error(error)
        }
      },
    },
    // One page ahead at most.
    { highWaterMark: 1 },
  )
}
