import type { SqlDatabase } from '../supabase/functions/_shared/sql-database.ts'

// The API roles every Supabase database has. Plain Postgres and PGlite lack them, and the
// migrations grant and revoke on them, so they are created first, exactly as Supabase has them:
// no login, and only service_role bypassing row-level security.
const roles = `
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
end
$$;
grant usage on schema public to anon, authenticated, service_role;
`

/** Creates `anon`, `authenticated` and `service_role` when missing; harmless on Supabase. */
export async function ensureSupabaseRoles(db: SqlDatabase): Promise<void> {
  await db.exec(roles)
}
