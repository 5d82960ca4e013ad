import { mkdir } from 'node:fs/promises'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import type { FunctionStores } from '#shared/config/configured-handler.ts'
import { createSqlStores } from '#shared/config/sql-stores.ts'
import { createPostgresDatabase } from '#shared/db/postgres-database.ts'
import type { SqlDatabase } from '#shared/db/sql-database.ts'
import type { BackendConfig } from './config.ts'
import { type CommandRunner, lockDataDir } from './data-dir-lock.ts'
import { runMigrations } from './migrate.ts'

function wrapPglite(db: PGlite | Transaction, root: PGlite): SqlDatabase {
  return {
    async query<Row>(text: string, params: readonly unknown[] = []) {
      return (await db.query<Row>(text, [...params])).rows
    },
    async exec(script) {
      await db.exec(script)
    },
    transaction(work) {
      if (!('transaction' in db)) throw new Error('Nested transactions are not supported')
      return db.transaction((tx) => work(wrapPglite(tx, root)))
    },
    close: () => root.close(),
  }
}

/**
 * An embedded Postgres in this process: in memory without `dataDir`, else kept in that folder,
 * which only one process may open at a time (see {@link lockDataDir}). A new one starts from
 * `tarball` (PGlite's `dumpDataDir`) where given, instead of running initdb.
 */
export async function openPgliteDatabase(dataDir?: string, tarball?: Blob): Promise<SqlDatabase> {
  // PGlite makes only the last folder of the path: a fresh clone has no .data/ yet.
  if (dataDir !== undefined) await mkdir(dataDir, { recursive: true })
  const db = await PGlite.create({
    ...(dataDir !== undefined && { dataDir }),
    ...(tarball !== undefined && { loadDataDir: tarball }),
  })
  return wrapPglite(db, db)
}

/** The local backend's database, migrated, with the function's stores on it. */
export interface LocalDatabase extends FunctionStores {
  /** Where the data lives, for people. */
  description: string
  /** The database itself, for the console, which runs each query as the signed-in person. */
  db: SqlDatabase
  close(): Promise<void>
  /** Where the embedded folder is held, runs the commands other processes ask of it. */
  answerCommands(run: CommandRunner): void
}

/**
 * Opens `DATABASE_URL`, else the embedded PGlite folder, and applies the migrations. The process
 * holding the folder runs the local commands for other processes once it calls `answerCommands`.
 */
export async function openDatabase(config: BackendConfig): Promise<LocalDatabase> {
  const { databaseUrl: url, dataDir } = config
  const lock = url === null ? await lockDataDir(dataDir) : null
  const db = await Promise.resolve(
    url === null ? openPgliteDatabase(dataDir) : createPostgresDatabase(url),
  ).catch(async (error) => {
    await lock?.release()
    throw error
  })
  const close = async () => {
    await db.close()
    await lock?.release()
  }
  try {
    await runMigrations(db)
  } catch (error) {
    await close().catch(() => {})
    throw error
  }
  const role = { role: config.databaseRole }
  const stores: FunctionStores = createSqlStores(db, role)
  const description =
    url === null ? `embedded PGlite in ${dataDir}` : `Postgres at ${new URL(url).host}`
  // Commands other processes ask of the folder's holder wait until it answers (local-commands.ts).
  const answerCommands = (run: CommandRunner) => lock?.answer(run)
  return { ...stores, description, db, close, answerCommands }
}
