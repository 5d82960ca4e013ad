import type { StaffMe, StaffRole } from '#core/console-api.ts'
import type { SqlDatabase } from '../db/sql-database.ts'

/** The claims a transaction runs with: at least the person's id, as a token's `sub`. */
export interface PersonClaims {
  sub: string
  [claim: string]: unknown
}

/** The person a transaction runs as, and whether the session their claims name is live. */
export interface PersonOnStaff extends StaffMe {
  sessionLive: boolean
}

/**
 * Runs `work` in one transaction as the person `claims` name, as Supabase's API would: a role,
 * and the claims in `request.jwt.claims`, so `auth.uid()` names them and the policies decide
 * what every query reads and writes. The role is `console_staff_role`, which the Data API cannot
 * take (supabase/migrations/20261128160000_console_role.sql). Resolves null, doing nothing, for
 * a person not (or no longer) on the staff. Free of the token checks (jose), so the scheduled
 * job's emailed reports read through it too.
 */
export function asPerson<T>(
  db: SqlDatabase,
  claims: PersonClaims,
  work: (tx: SqlDatabase, person: PersonOnStaff) => Promise<T>,
): Promise<T | null> {
  return db.transaction(async (tx) => {
    // One round trip for both, as PostgREST does: `role` is the setting `set local role` sets.
    await tx.query(
      "select set_config('role', 'console_staff_role', true), set_config('request.jwt.claims', $1, true)",
      [JSON.stringify(claims)],
    )
    // Through a definer function, not `auth.uid()`: on Supabase only its own API roles may use
    // the schema `auth` in a query's text. One lookup of the staff row, and of the token's
    // session in auth.sessions.
    const [row] = await tx.query<{
      email: string
      role: StaffRole
      sources: string[]
      session_live: boolean
    }>('select email, role, sources, session_live from public.console_caller()')
    if (row === undefined) return null
    const sources = row.role === 'partner' ? row.sources : []
    return work(tx, {
      userId: claims.sub,
      email: row.email,
      role: row.role,
      sources,
      sessionLive: row.session_live,
    })
  })
}
