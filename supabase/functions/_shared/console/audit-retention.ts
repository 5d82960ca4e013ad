import type { SqlDatabase } from '../db/sql-database.ts'
import { type SqlStoreOptions, transactionsAs } from '../db/sql-role.ts'

/** The audit trail's retention: the function role deletes entries older than `before`. */
export interface AuditRetention {
  prune(before: Date): Promise<number>
}

/** Prunes through `console_audit_prune`, the one way anything leaves the append-only trail. */
export function createSqlAuditRetention(
  db: SqlDatabase,
  { role = '' }: SqlStoreOptions = {},
): AuditRetention {
  const asRole = transactionsAs(db, role)
  return {
    prune: (before) =>
      asRole(async (tx) => {
        const [row] = await tx.query<{ n: string | number }>(
          'select public.console_audit_prune($1) as n',
          [before.toISOString()],
        )
        return Number(row?.n ?? 0)
      }),
  }
}
