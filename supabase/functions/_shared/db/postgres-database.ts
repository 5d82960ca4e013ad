// node-postgres ships no types of its own; Deno reads these, tsc finds them in node_modules.
// @deno-types="npm:@types/pg@8.23.1"
import pg from 'pg'
import type { SqlDatabase } from './sql-database.ts'

/** Connection settings; the defaults suit Supabase's transaction pooler and fail fast. */
export interface PostgresDatabaseOptions {
  /** Connections kept open. Each function instance needs very few. */
  max?: number
  /** How long to wait for a connection, from the pool or the server, before failing. */
  connectTimeoutMs?: number
  /** How long one query may take before the caller is told it failed. */
  queryTimeoutMs?: number
  log?: (message: string, error?: unknown) => void
}

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>

const rowsOf = async <Row>(queryable: Queryable, text: string, params?: readonly unknown[]) =>
  (await queryable.query(text, params as unknown[] | undefined)).rows as Row[]

/**
 * A pooled node-postgres client on `url`. node-postgres replaced postgres.js here because
 * postgres.js 3.4.9 throws from a timer when a connection closes mid-write, which no caller can
 * catch and which killed the process during database outages (porsager/postgres#1154, #1208).
 * node-postgres reports such failures as errors: on the query that was running, or as an
 * `error` event on an idle connection, which is handled here so it cannot end the process.
 */
export function createPostgresDatabase(
  url: string,
  options: PostgresDatabaseOptions = {},
): SqlDatabase {
  const log = options.log ?? console.error
  const connections = options.max ?? 3
  const pool = new pg.Pool({
    connectionString: url,
    max: connections,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 2000,
    query_timeout: options.queryTimeoutMs ?? 5000,
    idleTimeoutMillis: 20_000,
  })
  pool.on('error', (error) => log('An idle database connection failed', error))

  return {
    connections,
    query: (text, params) => rowsOf(pool, text, params),
    // Without parameters node-postgres sends the simple protocol, which allows many statements.
    exec: async (script) => {
      await pool.query(script)
    },
    async transaction(work) {
      const client = await pool.connect()
      // Between queries a checked-out connection reports its failures as events.
      const ignore = () => {}
      client.on('error', ignore)
      let broken: Error | undefined
      try {
        await client.query('begin')
        const result = await work({
          query: (text, params) => rowsOf(client, text, params),
          exec: async (script) => {
            await client.query(script)
          },
          transaction: () => Promise.reject(new Error('Nested transactions are not supported')),
          close: () => Promise.reject(new Error('Close the database, not a transaction')),
        })
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch((failure: Error) => {
          broken = failure
        })
        throw error
      } finally {
        client.off('error', ignore)
        // A connection that could not even roll back is dropped rather than reused.
        client.release(broken)
      }
    },
    close: () => pool.end(),
  }
}
