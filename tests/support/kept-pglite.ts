// The in-memory PGlite a test file closes is kept for the next file of its worker, which shares
// the worker's modules (vitest.config.ts): a new one cost about 0.8 s of a core (the migrated
// copy, 40 MB, unpacked into PGlite's memory, PostgreSQL started, the migrations found applied),
// and some forty backend files open one. It is lent again only once it equals a new one: every
// table that a new one has empty emptied, every sequence restarted, the session's settings
// discarded; then its rows, sequences and catalogue (tables, columns, functions, triggers,
// policies, grants, roles) are compared with a new one's, and one that differs in any is closed
// and a new one opened instead. A file that closed its database finds it closed, as before: the
// PGlite goes on, but the file's handle on it refuses any later query.
import type { SqlDatabase } from '#shared/db/sql-database.ts'

/** How to bring a kept database back to a new one's state, and how to tell that it is. */
interface NewState {
  /** Empties the tables a new database has empty and restarts the sequences. */
  clean: string
  /** One row, `print`: a digest of every table's rows, every sequence and the catalogue. */
  fingerprint: string
  print: string
}

const userRelations = (kinds: string) => `
  select format('%I.%I', n.nspname, c.relname) as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in (${kinds}) and n.nspname not in ('pg_catalog', 'information_schema')
    and n.nspname not like 'pg\\_%'
  order by 1`

// Everything a test could change in the schema or its permissions, by object and name.
const catalogue = `(select md5(string_agg(item, ',' order by item)) from (
  select concat_ws(':', 'class', c.oid, c.relname, c.relkind, c.relacl, c.relrowsecurity,
      c.relforcerowsecurity) as item
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
  union all select concat_ws(':', 'column', a.attrelid, a.attname, a.atttypid, a.attnotnull,
      a.attisdropped, a.attacl, pg_get_expr(d.adbin, d.adrelid))
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attnum > 0 and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
  union all select concat_ws(':', 'function', p.oid, p.proname, p.proacl, p.prosecdef,
      p.proconfig, md5(p.prosrc))
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname not in ('pg_catalog', 'information_schema')
  union all select concat_ws(':', 'trigger', oid, tgname, tgenabled) from pg_trigger
  union all select concat_ws(':', 'policy', oid, polname, polroles, md5(pg_get_expr(polqual, polrelid)),
      md5(pg_get_expr(polwithcheck, polrelid))) from pg_policy
  union all select concat_ws(':', 'schema', oid, nspname, nspacl) from pg_namespace
  union all select concat_ws(':', 'role', oid, rolname, rolsuper, rolinherit, rolbypassrls,
      rolcanlogin) from pg_roles
  union all select concat_ws(':', 'membership', roleid, member) from pg_auth_members
  union all select concat_ws(':', 'setting', setdatabase, setrole, setconfig) from pg_db_role_setting
  union all select concat_ws(':', 'database', datname, datacl) from pg_database
) as items)`

/** Reads what a new database is like from `db`, which must be new. */
async function readNewState(db: SqlDatabase): Promise<NewState> {
  const tables = (await db.query<{ name: string }>(userRelations("'r', 'p'"))).map((t) => t.name)
  const sequences = (await db.query<{ name: string }>(userRelations("'S'"))).map((s) => s.name)
  const emptyNow = await db.query<{ name: string | null }>(
    `select unnest(array[${tables.map((table) => `case when not exists (select from ${table}) then '${table}' end`).join(', ')}]) as name`,
  )
  const empty = emptyNow.flatMap(({ name }) => (name === null ? [] : [name]))
  // Replica mode, for the reset alone: the audit trail's trigger refuses a truncate otherwise.
  const clean = [
    'set local session_replication_role = replica',
    `truncate ${empty.join(', ')} cascade`,
    ...sequences.map((sequence) => `alter sequence ${sequence} restart`),
  ].join(';\n')
  const fingerprint = `select md5(concat_ws('|', ${[
    ...tables.map(
      (table) =>
        `(select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) from ${table} t)`,
    ),
    ...sequences.map((sequence) => `(select concat(last_value, is_called) from ${sequence})`),
    catalogue,
  ].join(',\n')})) as print`
  const [row] = await db.query<{ print: string }>(fingerprint)
  return { clean, fingerprint, print: row?.print ?? '' }
}

let newState: Promise<NewState> | undefined
const kept: SqlDatabase[] = []

/** `db` back to a new database's state, or false where it cannot be told apart from one. */
async function madeNew(db: SqlDatabase, state: NewState): Promise<boolean> {
  await db.exec('discard all')
  await db.transaction((tx) => tx.exec(state.clean))
  const [row] = await db.query<{ print: string }>(state.fingerprint)
  return row?.print === state.print
}

/**
 * A database that equals a new one from `open`: one a file of this worker closed, made new
 * again, or else a new one. Its `close` keeps it for the next file.
 */
export async function keptOrNew(open: () => Promise<SqlDatabase>): Promise<SqlDatabase> {
  let db: SqlDatabase | undefined
  for (let candidate = kept.pop(); candidate; candidate = kept.pop()) {
    if (newState && (await madeNew(candidate, await newState))) {
      db = candidate
      break
    }
    await candidate.close()
  }
  if (!db) {
    db = await open()
    const fresh = db
    newState ??= readNewState(fresh)
    await newState
  }
  return lentOut(db)
}

// The file's handle: it refuses queries once the file closed it, as a closed PGlite does, so
// that nothing the file left running writes into the next file's database.
function lentOut(db: SqlDatabase): SqlDatabase {
  let closed = false
  const open = () => {
    if (closed) throw new Error('PGlite is closed')
  }
  return {
    async query(text, params) {
      open()
      return db.query(text, params)
    },
    async exec(script) {
      open()
      return db.exec(script)
    },
    async transaction(work) {
      open()
      return db.transaction(work)
    },
    async close() {
      if (closed) return
      closed = true
      kept.push(db)
    },
  }
}
