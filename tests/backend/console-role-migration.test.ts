// The staff's role migration moves whatever the migrations before it granted to `authenticated`
// for the console, not only what the console's first migration did: other work lands migrations
// between the two (a console function, a policy rewritten for speed). Here one such migration,
// made up for the test, goes in before it on an empty PGlite and PostgreSQL 15.
import { copyFile, readdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createPostgresDatabase } from '#shared/db/postgres-database.ts'
import type { SqlDatabase } from '#shared/db/sql-database.ts'
import { openPgliteDatabase } from '../../server/database.ts'
import { runMigrations } from '../../server/migrate.ts'
import { newPgliteTarball } from '../support/pglite-folder.ts'
import { createServerDatabase } from '../support/postgres-cluster.ts'
import { scratchFolder } from '../support/scratch-folder.ts'

const migrations = new URL('../../supabase/migrations/', import.meta.url).pathname
const staffRoleMigration = '20261128160000_console_role.sql'

// Granted to `authenticated` as the console's first migration did, and as a later one might.
const between = `
create table public.console_made_up (id int primary key, body text);
alter table public.console_made_up enable row level security;
revoke all on table public.console_made_up from public, anon, authenticated, service_role;
grant select, insert on table public.console_made_up to authenticated;
create policy "the owner reads made-up rows" on public.console_made_up
  for select to authenticated, service_role using ((select public.console_role()) = 'owner');
create function public.console_made_up_report() returns int
  language sql stable security definer set search_path = '' as $$ select 1 $$;
grant execute on function public.console_made_up_report to authenticated;
drop policy "owner and sales read leads" on public.demo_requests;
create policy "owner and sales read leads" on public.demo_requests
  for select to authenticated using ((select public.console_role()) in ('owner', 'sales'));
`

const emptyDatabases = [
  {
    name: 'PGlite',
    skip: false,
    // A copy of PGlite's empty database rather than its initdb, 4 s of a core in WebAssembly.
    open: async () => {
      const db = await openPgliteDatabase(undefined, await newPgliteTarball())
      return { db, close: () => db.close() }
    },
  },
  {
    name: 'PostgreSQL 15',
    skip: inject('postgresUrl') === null,
    open: async () => {
      const database = await createServerDatabase(inject('postgresUrl') ?? '')
      const db = createPostgresDatabase(database.url)
      return { db, close: () => db.close().then(database.drop) }
    },
  },
]

describe.each(emptyDatabases)('the staff role migration on $name', ({ open, skip }) => {
  let db: SqlDatabase
  let close = async () => {}
  const folder = scratchFolder('console-role-migration-')

  beforeAll(async () => {
    if (skip) return
    const dir = await folder
    const files = (await readdir(migrations)).filter((file) => file.endsWith('.sql'))
    for (const file of files) await copyFile(join(migrations, file), join(dir, file))
    expect(files).toContain(staffRoleMigration)
    await writeFile(join(dir, '20261128155000_made_up_between.sql'), between)
    ;({ db, close } = await open())
    await runMigrations(db, dir)
  }, 120_000)
  afterAll(async () => {
    await close()
    await rm(await folder, { recursive: true, force: true })
  })

  it.skipIf(skip)(
    "gives the staff's role what authenticated had, and authenticated none",
    async () => {
      const [row] = await db.query(
        `select
        has_table_privilege('authenticated', 'public.console_made_up', 'select, insert') as api_table,
        has_table_privilege('console_staff_role', 'public.console_made_up', 'select')
          and has_table_privilege('console_staff_role', 'public.console_made_up', 'insert')
          as staff_table,
        has_table_privilege('console_staff_role', 'public.console_made_up', 'update') as staff_update,
        has_function_privilege('authenticated', 'public.console_made_up_report()', 'execute')
          as api_function,
        has_function_privilege('console_staff_role', 'public.console_made_up_report()', 'execute')
          as staff_function`,
      )
      expect(row).toEqual({
        api_table: false,
        staff_table: true,
        staff_update: false,
        api_function: false,
        staff_function: true,
      })
      const policies = await db.query(
        `select tablename, policyname, roles::text[] as roles from pg_policies
        where policyname in ('the owner reads made-up rows', 'owner and sales read leads')
        order by tablename`,
      )
      expect(policies).toEqual([
        {
          tablename: 'console_made_up',
          policyname: 'the owner reads made-up rows',
          roles: ['console_staff_role', 'service_role'],
        },
        {
          tablename: 'demo_requests',
          policyname: 'owner and sales read leads',
          roles: ['console_staff_role'],
        },
      ])
    },
  )
})
