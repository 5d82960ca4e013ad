import { openPgliteDatabase } from '../../server/database.ts'
import { runMigrations } from '../../server/migrate.ts'
import { createPostgresDatabase } from '../../supabase/functions/_shared/db/postgres-database.ts'
import type { SqlDatabase } from '../../supabase/functions/_shared/db/sql-database.ts'
import { findPostgresBin, type PostgresCluster, startPostgresCluster } from './postgres-cluster.ts'

/** A migrated database for a test file, emptied between tests. */
export interface TestDatabase {
  name: string
  db: SqlDatabase
  /** Set for a real server only. */
  cluster?: PostgresCluster
  reset(): Promise<void>
  close(): Promise<void>
}

const emptyTables =
  'truncate public.demo_request_booking_notifications, public.demo_request_bookings, public.demo_request_notifications, public.demo_request_digests, public.demo_requests, public.demo_request_rate_limits, public.demo_request_window_totals, public.demo_request_spent_proofs'

// A server under test may still be sending a lead's notifications after the test has its reply;
// its locks can meet the truncate's, and PostgreSQL then cancels one of the two as a deadlock.
// When it cancels the truncate, the other has gone on and finished, so trying again is right.
const reset = (db: SqlDatabase) => async () => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.exec(emptyTables)
    } catch (error) {
      const deadlock = (error as { code?: string }).code === '40P01'
      if (!deadlock || attempt === 5) throw error
    }
  }
}

/** An in-memory PGlite with the roles and migrations applied. */
export async function openTestPglite(): Promise<TestDatabase> {
  const db = await openPgliteDatabase()
  await runMigrations(db)
  return { name: 'PGlite', db, reset: reset(db), close: () => db.close() }
}

/**
 * The PostgreSQL binaries, looked up once per test file; `null` means those tests skip (and
 * require-postgres.ts has already failed the run under CI, or warned once).
 */
export const postgresBin = await findPostgresBin()

/** A throwaway PostgreSQL server with the roles and migrations applied. */
export async function openTestPostgres(): Promise<TestDatabase> {
  if (postgresBin === null) throw new Error('PostgreSQL binaries are not installed')
  const cluster = await startPostgresCluster(postgresBin)
  const db = createPostgresDatabase(cluster.url)
  await runMigrations(db)
  return {
    name: 'PostgreSQL',
    db,
    cluster,
    reset: reset(db),
    async close() {
      await db.close()
      await cluster.destroy()
    },
  }
}

/** Both databases a store test runs on: PGlite always, PostgreSQL 15 where it is installed. */
export const testDatabases = [
  { name: 'PGlite', open: openTestPglite, skip: false },
  { name: 'PostgreSQL 15', open: openTestPostgres, skip: postgresBin === null },
]
