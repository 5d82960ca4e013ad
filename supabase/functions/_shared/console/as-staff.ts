import type { StaffMe } from '#core/console-api.ts'
import type { SqlDatabase } from '../db/sql-database.ts'
import { asPerson } from './as-person.ts'
import { unauthenticated } from './console-reply.ts'
import type { StaffClaims } from './sign-in/verify-token.ts'

/** The signed-in person, in a transaction that runs as them. */
export interface Staff extends StaffMe {
  claims: StaffClaims
}

/**
 * Runs `work` in one transaction as the signed-in person (as-person.ts), so the policies decide
 * what every query reads and writes and the audit trail is written as them. A person not (or no
 * longer) on the staff is refused before any work, and so is a token whose session has ended
 * (signed out, or deleted with its person): signed out, the token opens nothing, though unexpired.
 */
export async function asStaff<T>(
  db: SqlDatabase,
  claims: StaffClaims,
  work: (tx: SqlDatabase, staff: Staff) => Promise<T>,
): Promise<T> {
  const done = await asPerson(db, claims, async (tx, { sessionLive, ...me }) => {
    if (!sessionLive) throw unauthenticated('You have signed out, or your sign-in has ended.')
    return { value: await work(tx, { ...me, claims }) }
  })
  if (done === null) throw unauthenticated('You are not on the staff of this console.')
  return done.value
}
