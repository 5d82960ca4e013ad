import { inject } from 'vitest'
import { createPostgresDatabase } from '#shared/db/postgres-database.ts'
import type { SqlDatabase } from '#shared/db/sql-database.ts'
import { openPgliteDatabase } from '../../server/database.ts'
import { runMigrations } from '../../server/migrate.ts'
import { keptOrNew } from './kept-pglite.ts'
import { migratedPgliteTarball } from './pglite-folder.ts'
import { createServerDatabase, findPostgresBin, startPostgresCluster } from './postgres-cluster.ts'

// Here, beside its one reader, so that `tsc -p supabase` sees it with the tests there.
declare module 'vitest' {
  export interface ProvidedContext {
    /** The backend files' one PostgreSQL server (superuser URL), or `null` where none is installed. */
    postgresUrl: string | null
    /** The database on it with every migration applied, which each file's database copies. */
    postgresTemplate: string | null
  }
}

/** The PostgreSQL server a test database is on, as a test reaches it. */
interface TestServer {
  /** A superuser URL for the test's own database. */
  url: string
  /** Only a server of the test's own (`openTestPostgres({ ownServer: true })`) may stop. */
  stop(): Promise<void>
  start(): Promise<void>
}

/** A migrated database for a test file, emptied between tests. */
export interface TestDatabase {
  name: string
  db: SqlDatabase
  /** Set for a real server only. */
  cluster?: TestServer
  reset(): Promise<void>
  close(): Promise<void>
}

const tables = [
  'public.console_report_sends',
  'public.console_report_choices',
  'public.console_lead_changes',
  'public.console_lead_status',
  'public.console_audit',
  'public.console_staff',
  'public.console_share_links',
  'public.demo_request_meeting_changes',
  'public.demo_request_booking_notifications',
  'public.demo_request_bookings',
  'public.demo_request_booking_cursors',
  'public.demo_request_no_booking_alerts',
  'public.demo_request_status_notifications',
  'public.demo_request_notifications',
  'public.demo_request_digests',
  'public.demo_requests',
  'public.demo_request_rate_limits',
  'public.demo_request_window_totals',
  'public.demo_request_spent_proofs',
  'public.demo_request_funnel_counts',
  'public.demo_request_funnel_rate_limits',
  'public.demo_request_funnel_pages',
  'public.demo_request_funnel_origin_days',
  'public.demo_request_funnel_seen',
  'public.demo_request_quiet_alarms',
  'public.demo_request_funnel_campaign_counts',
  'public.demo_request_funnel_campaigns',
  'public.demo_request_funnel_summed_days',
  'public.demo_request_funnel_page_sums',
  'public.demo_request_funnel_field_sums',
  'public.demo_request_funnel_day_steps',
  'public.demo_request_funnel_campaign_sums',
  'public.demo_request_funnel_lead_sums',
  'public.demo_request_funnel_lead_summed_days',
  'public.demo_request_funnel_lead_marks',
  'auth.sessions',
]

// A truncate makes new files for every table and index it empties: 110 ms of a core for all of
// these on PGlite (22 ms to find none with rows), before each of some hundreds of tests, which
// mostly leave two or three with rows. Those alone are emptied (with the tables referencing
// them), found as the superuser, whom no row-level security hides a row from, under a lock that
// holds off a server's late writes until they are gone.
const withRows = `select unnest(array[${tables.map((table) => `case when exists (select from ${table}) then '${table}' end`).join(', ')}]) as name`

const emptyTables = (db: SqlDatabase) =>
  db.transaction(async (tx) => {
    await tx.exec(`lock table ${tables.join(', ')} in share mode`)
    const names = (await tx.query<{ name: string | null }>(withRows)).flatMap(({ name }) =>
      name === null ? [] : [name],
    )
    // The audit trail's trigger refuses a truncate, whoever asks: replica mode, a superuser's
    // setting, fires no trigger, for the reset alone.
    await tx.exec('set local session_replication_role = replica')
    if (names.length > 0) await tx.exec(`truncate ${names.join(', ')} cascade`)
  })

// A server under test may still be sending a lead's notifications after the test has its reply;
// its locks can meet the truncate's, and PostgreSQL then cancels one of the two as a deadlock.
// When it cancels the truncate, the other has gone on and finished, so trying again is right.
const reset = (db: SqlDatabase) => async () => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await emptyTables(db)
    } catch (error) {
      const deadlock = (error as { code?: string }).code === '40P01'
      if (!deadlock || attempt === 5) throw error
    }
  }
}

/**
 * An in-memory PGlite with the roles and migrations applied: a migrated copy, on which they run
 * as on a database kept between starts, finding each applied; or the one an earlier file of this
 * worker closed, once it equals such a copy again (kept-pglite.ts).
 */
export async function openTestPglite(): Promise<TestDatabase> {
  const db = await keptOrNew(async () => {
    const copy = await openPgliteDatabase(undefined, await migratedPgliteTarball())
    await runMigrations(copy)
    return copy
  })
  return { name: 'PGlite', db, reset: reset(db), close: () => db.close() }
}

/**
 * The PostgreSQL binaries, looked up once per test file; `null` means those tests skip (and
 * shared-postgres.ts has already failed the run under CI, or warned once).
 */
export const postgresBin = await findPostgresBin()

// The backend project's one server (shared-postgres.ts). None outside Vitest, where `inject`
// throws (the bench runs these helpers too), nor in another project: those start their own.
function sharedServerUrl(): string | null {
  try {
    return inject('postgresUrl') ?? null
  } catch {
    return null
  }
}

const sharedServerStays = () =>
  Promise.reject(
    new Error(
      "Other test files use this PostgreSQL server: open the database with openTestPostgres({ ownServer: true }) to stop and start one of the test's own",
    ),
  )

/** A migrated database on PostgreSQL; `close()` drops it, or removes a server of its own. */
async function migrated(url: string, server: TestServer, remove: () => Promise<void>) {
  const db = createPostgresDatabase(url)
  try {
    await runMigrations(db)
  } catch (error) {
    await db.close()
    await remove()
    throw error
  }
  return {
    name: 'PostgreSQL',
    db,
    cluster: server,
    reset: reset(db),
    async close() {
      await db.close()
      await remove()
    },
  } satisfies TestDatabase
}

/**
 * A PostgreSQL database with the roles and migrations applied: a database of its own on the
 * test run's one server, or with `ownServer` (for a test that stops it) a server of its own.
 */
export async function openTestPostgres({ ownServer = false } = {}): Promise<TestDatabase> {
  if (postgresBin === null) throw new Error('PostgreSQL binaries are not installed')
  const shared = ownServer ? null : sharedServerUrl()
  if (shared !== null) {
    const database = await createServerDatabase(shared, inject('postgresTemplate') ?? undefined)
    const server = { url: database.url, stop: sharedServerStays, start: sharedServerStays }
    return migrated(database.url, server, database.drop)
  }
  const cluster = await startPostgresCluster(postgresBin)
  return migrated(cluster.url, cluster, cluster.destroy)
}

/** Both databases a store test runs on: PGlite always, PostgreSQL 15 where it is installed. */
export const testDatabases = [
  { name: 'PGlite', open: openTestPglite, skip: false },
  { name: 'PostgreSQL 15', open: openTestPostgres, skip: postgresBin === null },
]
