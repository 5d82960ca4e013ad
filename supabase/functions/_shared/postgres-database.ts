import postgres from 'postgres'
import type { SqlDatabase } from './sql-database.ts'

/** Connection settings; the defaults suit Supabase's transaction pooler. */
export interface PostgresDatabaseOptions {
  /** Connections kept open. Each function instance needs very few. */
  max?: number
  /** Seconds to wait for a connection before the request fails as unavailable. */
  connectTimeoutSeconds?: number
}

type Sql = postgres.Sql | postgres.TransactionSql

function wrap(sql: Sql, end: () => Promise<void>): SqlDatabase {
  return {
    async query<Row>(text: string, params: readonly unknown[] = []) {
      const rows = await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[])
      return [...rows] as Row[]
    },
    async exec(script) {
      // Without parameters postgres.js sends the simple protocol, which allows many statements.
      await sql.unsafe(script)
    },
    transaction(work) {
      if (!('begin' in sql)) throw new Error('Nested transactions are not supported')
      return sql.begin((tx) => work(wrap(tx, end))) as Promise<never>
    },
    close: end,
  }
}

/** A pooled postgres.js client on `url`, ready for pgbouncer/Supavisor in transaction mode. */
export function createPostgresDatabase(
  url: string,
  options: PostgresDatabaseOptions = {},
): SqlDatabase {
  const sql = postgres(url, {
    // Transaction-mode poolers cannot keep prepared statements between transactions.
    prepare: false,
    max: options.max ?? 3,
    connect_timeout: options.connectTimeoutSeconds ?? 5,
    idle_timeout: 20,
    onnotice: () => {},
  })
  return wrap(sql, () => sql.end({ timeout: 5 }))
}
