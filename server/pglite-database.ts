import { PGlite, type Transaction } from '@electric-sql/pglite'
import type { SqlDatabase } from '../supabase/functions/_shared/sql-database.ts'

type Queryable = PGlite | Transaction

function wrap(db: Queryable, root: PGlite): SqlDatabase {
  return {
    async query<Row>(text: string, params: readonly unknown[] = []) {
      const result = await db.query<Row>(text, [...params])
      return result.rows
    },
    async exec(script) {
      await db.exec(script)
    },
    transaction(work) {
      if (!('transaction' in db)) throw new Error('Nested transactions are not supported')
      return db.transaction((tx) => work(wrap(tx, root)))
    },
    close: () => root.close(),
  }
}

/**
 * An embedded Postgres in this process: in memory without `dataDir`, else kept in that folder.
 * Only one process may open a folder at a time.
 */
export async function openPgliteDatabase(dataDir?: string): Promise<SqlDatabase> {
  const db = await PGlite.create(dataDir === undefined ? {} : { dataDir })
  return wrap(db, db)
}
