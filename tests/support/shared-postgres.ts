import type { TestProject } from 'vitest/node'
import { createPostgresDatabase } from '#shared/db/postgres-database.ts'
import { runMigrations, supabaseRoles } from '../../server/migrate.ts'
import {
  createServerDatabase,
  execOn,
  findPostgresBin,
  startPostgresCluster,
} from './postgres-cluster.ts'

const how =
  'install postgresql-15 (apt-get install postgresql-15) or set POSTGRES_BIN to the folder with initdb and pg_ctl'

/** Makes the migrated database the files copy, and returns its name. */
async function migratedTemplate(serverUrl: string): Promise<string> {
  const { url } = await createServerDatabase(serverUrl)
  const db = createPostgresDatabase(url)
  try {
    await runMigrations(db)
  } finally {
    // A template may have no session open while it is copied.
    await db.close()
  }
  return new URL(url).pathname.slice(1)
}

/**
 * Vitest global set-up for the backend tests, which run on PostgreSQL 15 as well as PGlite: one
 * server for the whole run, on which each file makes a database of its own (test-database.ts),
 * rather than an `initdb` per file. Without its binaries those tests skip: under CI that fails
 * the run, since green would then say nothing about PostgreSQL; elsewhere it says so once,
 * loudly, instead of forty quiet skips.
 */
export default async function sharedPostgres(project: TestProject) {
  const bin = await findPostgresBin()
  if (bin === null) {
    if (process.env.CI) {
      throw new Error(`PostgreSQL's binaries are missing and CI may not skip its tests: ${how}.`)
    }
    console.warn(`\n⚠ SKIPPING every PostgreSQL 15 test: its binaries are missing (${how}).\n`)
    project.provide('postgresUrl', null)
    project.provide('postgresTemplate', null)
    return
  }
  const cluster = await startPostgresCluster(bin)
  // Roles belong to the server, not to a database: made here once, so that files migrating
  // their databases at the same time do not race to create them.
  await execOn(cluster.url, supabaseRoles).catch(async (error) => {
    await cluster.destroy()
    throw error
  })
  // Every migration applied once, in full, to a database the files copy: migrating each file's
  // own cost half a second or more of the server's CPU, some thirty times a run. A copy still
  // runs the migrations, which find each applied.
  const template = await migratedTemplate(cluster.url).catch(async (error) => {
    await cluster.destroy()
    throw error
  })
  project.provide('postgresUrl', cluster.url)
  project.provide('postgresTemplate', template)
  return () => cluster.destroy()
}
