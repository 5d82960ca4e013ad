import type { SqlDatabase } from './sql-database.ts'

/** How a SQL store talks to the database. */
export interface SqlStoreOptions {
  /**
   * Role each transaction switches to (`set local role`), so the grants and row-level security
   * of the migrations apply to the function too. Empty to keep the login role.
   */
  role?: string
}

/**
 * A runner of transactions that each switch to `role` first (`set local role`), so the grants
 * and row-level security of the migrations apply to the code too. Empty keeps the login role.
 */
export function transactionsAs(db: SqlDatabase, role: string) {
  // Interpolated into SQL below, so only a plain identifier is accepted.
  if (role !== '' && !/^[a-z_][a-z0-9_]*$/.test(role)) {
    throw new Error(`Not a valid role name: ${role}`)
  }
  return <T>(work: (tx: SqlDatabase) => Promise<T>) =>
    db.transaction(async (tx) => {
      if (role !== '') await tx.exec(`set local role ${role}`)
      return work(tx)
    })
}

/** A timestamp column as the driver hands it over: a Date, or its text. */
export const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value))
