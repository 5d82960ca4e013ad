import type { SqlDatabase } from '../../db/sql-database.ts'
import { type SqlStoreOptions, transactionsAs } from '../../db/sql-role.ts'

/** The audit trail's retention: entries older than `days` days leave it. */
export interface AuditRetention {
  prune(days: number): Promise<number>
}

/**
 * Prunes through `console_audit_prune()`, the one way anything leaves the append-only trail. It
 * takes no date: the days are the owner's setting, written first as the login (the tables'
 * owner), which the role the pruning runs as (service_role, reachable through the Data API)
 * may not write; the database's clock then decides what is older.
 */
export function createSqlAuditRetention(
  db: SqlDatabase,
  { role = '' }: SqlStoreOptions = {},
): AuditRetention {
  const asRole = transactionsAs(db, role)
  return {
    async prune(days) {
      await db.query('select public.console_audit_keep_days($1)', [days])
      return asRole(async (tx) => {
        const [row] = await tx.query<{ n: string | number }>(
          'select public.console_audit_prune() as n',
        )
        return Number(row?.n ?? 0)
      })
    },
  }
}
