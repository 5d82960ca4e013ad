import { findPostgresBin } from './postgres-cluster.ts'

const how =
  'install postgresql-15 (apt-get install postgresql-15) or set POSTGRES_BIN to the folder with initdb and pg_ctl'

/**
 * Vitest global set-up for the backend tests, which run on PostgreSQL 15 as well as PGlite.
 * Without its binaries those tests skip: under CI that fails the run, since green would then
 * say nothing about PostgreSQL; elsewhere it says so once, loudly, instead of forty quiet skips.
 */
export default async function requirePostgres() {
  if ((await findPostgresBin()) !== null) return
  if (process.env.CI) {
    throw new Error(`PostgreSQL's binaries are missing and CI may not skip its tests: ${how}.`)
  }
  console.warn(`\n⚠ SKIPPING every PostgreSQL 15 test: its binaries are missing (${how}).\n`)
}
