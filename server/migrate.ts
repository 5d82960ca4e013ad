import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { SqlDatabase } from '#shared/db/sql-database.ts'

// Where the Supabase CLI keeps its migrations, and so where this runner reads them.
const migrationsDir = new URL('../supabase/migrations/', import.meta.url).pathname

/**
 * The API roles every Supabase database has, as Supabase has them: no login, and only
 * service_role bypassing row-level security; and `authenticator`, the Data API's (PostgREST's)
 * own, which may become exactly those three, so tests can ask what the Data API could reach.
 * Plain Postgres and PGlite lack them, and the migrations grant to them, so they are created
 * first. Supabase's login for it is left out: nothing here logs in as it.
 */
export const supabaseRoles = `
do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then
    create role authenticator nologin noinherit;
    grant anon, authenticated, service_role to authenticator;
  end if;
end
$$;
grant usage on schema public to anon, authenticated, service_role;
`

/**
 * Supabase Auth's `auth.uid()` and `auth.jwt()`, which the console's policies call, as Supabase
 * defines them: the signed-in person's claims from `request.jwt.claims`, which the console
 * function sets in each transaction. Made only where absent, so Supabase's own stay.
 */
export const supabaseAuthBasics = `
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;
do $$
begin
  if not exists (select from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'auth' and p.proname = 'uid') then
    create function auth.uid() returns uuid language sql stable as $f$
      select coalesce(
        nullif(current_setting('request.jwt.claim.sub', true), ''),
        (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
      )::uuid
    $f$;
  end if;
  if not exists (select from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'auth' and p.proname = 'jwt') then
    create function auth.jwt() returns jsonb language sql stable as $f$
      select coalesce(
        nullif(current_setting('request.jwt.claim', true), ''),
        nullif(current_setting('request.jwt.claims', true), '')
      )::jsonb
    $f$;
  end if;
end
$$;
`

/**
 * Supabase Auth's `auth.sessions`, where a signed-in person's session lives until they sign out
 * or are deleted: the console asks it whether a token's `session_id` is still live. Its columns
 * as Supabase Auth has them, those the console reads; made only where absent. On `npm start` the
 * local auth keeps its sessions here, as Supabase Auth does.
 */
export const authSessionsStandIn = `
do $$
begin
  if to_regclass('auth.sessions') is null then
    create table auth.sessions (
      id uuid primary key,
      user_id uuid not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      not_after timestamptz
    );
    create index sessions_user_id_idx on auth.sessions (user_id);
  end if;
end
$$;
`

// With the roles and Auth's helpers, the table the Supabase CLI records migrations in.
const supabaseBasics = `${supabaseRoles}
${supabaseAuthBasics}
${authSessionsStandIn}
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
`

/**
 * Creates what Supabase provides when missing, then applies every `<version>_<name>.sql` in
 * `dir` not applied yet, in version order, each in its own transaction. Returns the versions
 * it applied.
 */
export async function runMigrations(db: SqlDatabase, dir = migrationsDir): Promise<string[]> {
  const files = (await readdir(dir)).filter((file) => /^\d+_.+\.sql$/.test(file)).sort()
  // Under the lock too: two processes granting on the schema at once fail one of them with
  // "tuple concurrently updated" (seen with two notify:retry runs started together).
  const recorded = await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', ['supabase_migrations'])
    await tx.exec(supabaseBasics)
    return tx.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations',
    )
  })
  // The ten migrations before the baseline were squashed into it: a database made with them
  // would fail on its first `create table`, so it is named for what it is instead.
  const versions = new Set(files.map((file) => file.split('_')[0]))
  const unknown = recorded.map((row) => row.version).filter((version) => !versions.has(version))
  if (unknown.length > 0) {
    throw new Error(
      `The database holds migrations this checkout does not have (${unknown.sort().join(', ')}), as one made before the baseline migration does. Start it afresh: delete its data folder, or recreate the database.`,
    )
  }
  const applied: string[] = []
  for (const file of files) {
    const [, version = '', name = ''] = /^(\d+)_(.+)\.sql$/.exec(file) ?? []
    const script = await readFile(join(dir, file), 'utf8')
    const ran = await db.transaction(async (tx) => {
      // Two servers starting at once must not both apply the same file.
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', ['supabase_migrations'])
      const done = await tx.query(
        'select 1 from supabase_migrations.schema_migrations where version = $1',
        [version],
      )
      if (done.length > 0) return false
      await tx.exec(script)
      await tx.query(
        'insert into supabase_migrations.schema_migrations (version, statements, name) values ($1, $2, $3)',
        [version, [script], name],
      )
      return true
    })
    if (ran) applied.push(version)
  }
  return applied
}
