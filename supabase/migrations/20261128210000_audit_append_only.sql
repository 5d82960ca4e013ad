-- The audit trail append-only in the database itself. Until now it rested on grants: nobody is
-- granted update, delete or truncate, but the table's owner (the login that runs the migrations
-- and the functions, `postgres` on Supabase) needs no grant, and console_audit_prune took any
-- date from service_role, whose key reaches it through the Data API. Now triggers refuse every
-- update, delete and truncate, whoever asks; entries leave only through console_audit_prune(),
-- and only those older than the retention kept below, which no caller chooses.


-- The trail's retention (AUDIT_RETENTION_DAYS) and, while console_audit_prune runs, the id of
-- its transaction: one row, which only the owner writes or reads (no grant to anyone; row-level
-- security on with no policy). The function sets the days as that owner, through
-- console_audit_keep_days, before it prunes as service_role.
create table public.console_audit_pruning (
  only_row boolean primary key default true check (only_row),
  retention_days integer not null default 365 check (retention_days >= 1),
  pruning xid8
);
alter table public.console_audit_pruning enable row level security;

comment on table public.console_audit_pruning is 'The audit trail''s retention in days, and the transaction console_audit_prune runs in while it runs; written by the owner alone.';

revoke all on table public.console_audit_pruning
  from public, anon, authenticated, service_role, console_staff_role;

-- Said as a policy too, as every console table has one (tests/deploy/check-deploy.ts): no role
-- of the app's reads or writes it, were a grant ever to slip in.
create policy "only the owner keeps the trail's retention"
  on public.console_audit_pruning
  as restrictive
  for all
  to service_role, console_staff_role
  using (false)
  with check (false);

insert into public.console_audit_pruning default values;


-- Refuses every change to the trail but console_audit_prune's deletes of entries past the
-- retention. How a delete is known to be the pruning's: a custom setting (set_config) would not
-- do, as any role may set any custom setting in its own session and so forge the flag. Instead
-- the pruning writes its own transaction's id into the row above, which only the owner may
-- write, and clears it before it returns: another transaction cannot borrow it (the id is
-- this transaction's alone), nor can the rest of the caller's transaction. And even then a row
-- younger than the retention is refused. The owner can still drop or disable these triggers
-- (or write the row), as an owner can do anything to its table: that is a migration, reviewed
-- like this one; no statement the functions run can do it by mistake or by injection.
create function public.console_audit_refuse()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    if exists (select from public.console_audit_pruning p
        where p.pruning = pg_catalog.pg_current_xact_id()
          and old.at < now() - make_interval(days => p.retention_days)) then
      return old;
    end if;
  end if;
  raise exception 'The audit trail is append-only: % is refused', lower(tg_op)
    using errcode = '42501',
      hint = 'Entries older than AUDIT_RETENTION_DAYS leave through console_audit_prune() alone.';
end
$$;

revoke all on function public.console_audit_refuse
  from public, anon, authenticated, service_role, console_staff_role;

create trigger console_audit_append_only
  before update or delete on public.console_audit
  for each row execute function public.console_audit_refuse();

create trigger console_audit_no_truncate
  before truncate on public.console_audit
  for each statement execute function public.console_audit_refuse();


-- The retention, as AUDIT_RETENTION_DAYS sets it: the owner's alone (not granted, and run as its
-- caller, so a role granted it by mistake still could not write the row).
create function public.console_audit_keep_days(p_days integer)
returns void
language sql
volatile
set search_path = ''
as $$
  update public.console_audit_pruning set retention_days = p_days
  where retention_days is distinct from p_days
$$;

revoke all on function public.console_audit_keep_days
  from public, anon, authenticated, service_role, console_staff_role;


-- Deletes the entries older than the retention, by the database's clock; returns how many. It
-- takes no date: whoever calls it (the function's scheduled pruning, as service_role) removes
-- only what the owner's retention lets go. Two at once take turns on the row's lock.
drop function public.console_audit_prune(timestamptz);

create function public.console_audit_prune()
returns bigint
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_gone bigint;
begin
  update public.console_audit_pruning set pruning = pg_catalog.pg_current_xact_id();
  with gone as (
    delete from public.console_audit a
    where a.at < now() - make_interval(days => (select p.retention_days
      from public.console_audit_pruning p))
    returning 1
  )
  select count(*) into v_gone from gone;
  update public.console_audit_pruning set pruning = null;
  return v_gone;
end
$$;

revoke all on function public.console_audit_prune
  from public, anon, authenticated, service_role, console_staff_role;
grant execute on function public.console_audit_prune to service_role;
