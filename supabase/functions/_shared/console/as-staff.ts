import type { StaffMe, StaffRole } from '#core/console-api.ts'
import type { SqlDatabase } from '../db/sql-database.ts'
import { unauthenticated } from './console-reply.ts'
import type { StaffClaims } from './sign-in/verify-token.ts'

/** The signed-in person, in a transaction that runs as them. */
export interface Staff extends StaffMe {
  claims: StaffClaims
}

/**
 * Runs `work` in one transaction as the signed-in person, as Supabase's API would: a role, and
 * the token's claims in `request.jwt.claims`, so `auth.uid()` names them and the policies decide
 * what every query reads and writes. The role is `console_staff_role`, which the Data API cannot
 * take (supabase/migrations/20261128160000_console_role.sql), so staff data is reached only here,
 * where the audit trail is written. A person not (or no longer) on the staff is refused before
 * any work, and so is a token whose session has ended (signed out, or deleted with its person).
 */
export function asStaff<T>(
  db: SqlDatabase,
  claims: StaffClaims,
  work: (tx: SqlDatabase, staff: Staff) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    // One round trip for both, as PostgREST does: `role` is the setting `set local role` sets.
    await tx.query(
      "select set_config('role', 'console_staff_role', true), set_config('request.jwt.claims', $1, true)",
      [JSON.stringify(claims)],
    )
    // Through a definer function, not `auth.uid()`: on Supabase only its own API roles may use
    // the schema `auth` in a query's text. One lookup of the staff row, and of the token's
    // session in auth.sessions: signed out, the token opens nothing, though unexpired.
    const [row] = await tx.query<{
      email: string
      role: StaffRole
      sources: string[]
      session_live: boolean
    }>('select email, role, sources, session_live from public.console_caller()')
    if (row === undefined) throw unauthenticated('You are not on the staff of this console.')
    if (!row.session_live) throw unauthenticated('You have signed out, or your sign-in has ended.')
    const sources = row.role === 'partner' ? row.sources : []
    return work(tx, { userId: claims.sub, email: row.email, role: row.role, sources, claims })
  })
}
