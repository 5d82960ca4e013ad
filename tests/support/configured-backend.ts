import { createBackend } from '#shared/config/configured-handler.ts'
import { readFunctionConfig } from '#shared/config/function-config.ts'
import { createSqlStores } from '#shared/config/sql-stores.ts'
import type { SqlDatabase } from '#shared/db/sql-database.ts'

/**
 * One process of the backend as `settings` build it, on `db` as the function's role, its clock
 * stopped at `clock`: its jobs' run is what pg_cron's call, `npm start`'s loop and
 * `npm run notify:retry` start.
 */
export const backendAt = (db: SqlDatabase, settings: Record<string, string>, clock: Date) =>
  createBackend(
    readFunctionConfig((name) => settings[name]),
    createSqlStores(db, { role: 'service_role' }),
    { now: () => clock, afterReply: (work) => void work.catch(() => {}) },
  )
