import type { SqlDatabase } from '#shared/db/sql-database.ts'
import type { InsertResult, NewDemoRequest } from '#shared/lead/lead-store.ts'
import { acceptDemoRequest } from '#shared/lead/sql-lead-store.ts'

/**
 * Stores a lead through the function's own statement, counting no rate limit: for tests and the
 * bench, which set up leads rather than receive them. A repeated key returns the first id.
 */
export async function insertLead(db: SqlDatabase, lead: NewDemoRequest): Promise<InsertResult> {
  const result = await acceptDemoRequest(db, lead, null)
  if ('limited' in result) throw new Error('An unlimited insert was limited')
  return result
}
