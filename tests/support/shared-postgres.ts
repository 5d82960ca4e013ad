import type { TestProject } from 'vitest/node'
import { supabaseRoles } from '../../server/migrate.ts'
import { execOn, findPostgresBin, startPostgresCluster } from './postgres-cluster.ts'

const how =
  'install postgresql-15 (apt-get install postgresql-15) or set POSTGRES_BIN to the folder with initdb and pg_ctl'

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
    return
  }
  const cluster = await startPostgresCluster(bin)
  // Roles belong to the server, not to a database: made here once, so that files migrating
  // their databases at the same time do not race to create them.
  await execOn(cluster.url, supabaseRoles).catch(async (error) => {
    await cluster.destroy()
    throw error
  })
  project.provide('postgresUrl', cluster.url)
  return () => cluster.destroy()
}
