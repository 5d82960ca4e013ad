import type { DemoRequestStore } from '../supabase/functions/_shared/demo-request-store.ts'
import { createPostgresDatabase } from '../supabase/functions/_shared/postgres-database.ts'
import type { SqlDatabase } from '../supabase/functions/_shared/sql-database.ts'
import { createSqlDemoRequestStore } from '../supabase/functions/_shared/sql-demo-request-store.ts'
import type { BackendConfig } from './backend-config.ts'
import { type DataDirLock, lockDataDir } from './data-dir-lock.ts'
import { runMigrations } from './migrate.ts'
import { openPgliteDatabase } from './pglite-database.ts'
import { ensureSupabaseRoles } from './supabase-roles.ts'

/** The database of the local backend, migrated and wrapped in the store. */
export interface BackendStore {
  store: DemoRequestStore
  db: SqlDatabase
  /** Held for the embedded database only. */
  lock: DataDirLock | null
  /** What to tell a person about where the data lives. */
  description: string
  close(): Promise<void>
}

/**
 * Opens `DATABASE_URL` or the embedded PGlite folder, creates the Supabase roles when missing and
 * applies the migrations.
 */
export async function openBackendStore(
  config: Pick<BackendConfig, 'databaseUrl' | 'dataDir' | 'databaseRole'>,
): Promise<BackendStore> {
  const lock = config.databaseUrl === null ? await lockDataDir(config.dataDir) : null
  let db: SqlDatabase
  try {
    db =
      config.databaseUrl === null
        ? await openPgliteDatabase(config.dataDir)
        : createPostgresDatabase(config.databaseUrl)
  } catch (error) {
    await lock?.release()
    throw error
  }
  try {
    await ensureSupabaseRoles(db)
    await runMigrations(db)
  } catch (error) {
    await db.close().catch(() => {})
    await lock?.release()
    throw error
  }
  return {
    store: createSqlDemoRequestStore(db, { role: config.databaseRole }),
    db,
    lock,
    description:
      config.databaseUrl === null
        ? `embedded PGlite in ${config.dataDir}`
        : `Postgres at ${new URL(config.databaseUrl).host}`,
    async close() {
      await db.close()
      await lock?.release()
    },
  }
}
