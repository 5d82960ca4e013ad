import type { SqlDatabase } from '#shared/db/sql-database.ts'
import { authSessionsStandIn } from '../migrate.ts'

// A database made before links were random and sessions lived in auth.sessions: its tokens and
// sessions go (everyone signs in again), its people and secret stay.
const upgrade = `
do $$
begin
  if to_regclass('local_auth.one_time_tokens') is not null and not exists (
      select from information_schema.columns
      where table_schema = 'local_auth' and table_name = 'one_time_tokens'
        and column_name = 'selector') then
    drop table local_auth.one_time_tokens, local_auth.refresh_tokens, local_auth.sessions;
  end if;
end
$$;
`

// The local stand-in for Supabase Auth keeps its own schema, made here rather than in
// supabase/migrations: on Supabase, Auth owns the `auth` schema and these tables never exist.
// A session is a row of auth.sessions, where the console checks it, as Supabase Auth's is; what
// only this auth needs of it (how it began, its refresh tokens) hangs off that row.
// Tokens are stored only as SHA-256 hashes, so a copy of the database signs nobody in.
const schema = `
create schema if not exists local_auth;
revoke all on schema local_auth from public;
create table if not exists local_auth.secrets (
  name text primary key,
  value text not null
);
create table if not exists local_auth.users (
  id uuid primary key,
  email text not null unique,
  invited_at timestamptz,
  email_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  user_metadata jsonb not null default '{}',
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create table if not exists local_auth.one_time_tokens (
  selector text primary key,
  user_id uuid not null references local_auth.users on delete cascade,
  kind text not null check (kind in ('magiclink', 'invite')),
  verifier_hash text not null,
  code_hash text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  failed_attempts integer not null default 0,
  used_at timestamptz
);
create index if not exists one_time_tokens_user_id_idx on local_auth.one_time_tokens (user_id);
create table if not exists local_auth.sessions (
  id uuid primary key references auth.sessions on delete cascade,
  user_id uuid not null references local_auth.users on delete cascade,
  method text not null,
  created_at timestamptz not null
);
create table if not exists local_auth.refresh_tokens (
  token_hash text primary key,
  session_id uuid not null references local_auth.sessions on delete cascade,
  revoked boolean not null default false,
  created_at timestamptz not null
);
`

/** Creates the local auth's schema where missing; two servers starting at once wait in turn. */
export async function ensureAuthSchema(db: SqlDatabase): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', ['local_auth'])
    await tx.exec('create schema if not exists auth')
    await tx.exec(authSessionsStandIn)
    await tx.exec(upgrade)
    await tx.exec(schema)
  })
}
