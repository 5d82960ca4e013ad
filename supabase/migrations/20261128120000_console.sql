-- The staff console: who may sign in, with which role. Row-level security on every table, so
-- what each role reads and changes is decided here, not by the code in front of it.

-- A person of the firm's staff, or of a partner firm: the Supabase Auth user, their role, and
-- for a partner the sources (the form's `source` attribute) whose counts they see.
create table public.console_staff (
  user_id uuid primary key,
  email text not null unique check (char_length(email) between 3 and 320),
  role text not null check (role in ('owner', 'sales', 'marketing', 'partner')),
  sources text[] not null default '{}',
  invited_at timestamptz not null default now(),
  invited_by uuid
);
alter table public.console_staff enable row level security;
revoke all on table public.console_staff from public, anon, authenticated, service_role;


-- The caller's role, sources and email, read past the staff table's policies (which themselves
-- ask the role). Null for anyone not on the staff: a removed person's token then reads nothing.
create function public.console_role()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select s.role from public.console_staff s where s.user_id = auth.uid()
$$;

create function public.console_sources()
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select s.sources from public.console_staff s where s.user_id = auth.uid()
$$;

create function public.console_email()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select s.email from public.console_staff s where s.user_id = auth.uid()
$$;

revoke all on function public.console_role, public.console_sources, public.console_email
  from public, anon;
grant execute on function public.console_role, public.console_sources, public.console_email
  to authenticated;

-- Everyone may read their own row (the console asks who it is); the owner reads and writes all.
grant select, insert, update, delete on table public.console_staff to authenticated;

create policy "staff read their own row"
  on public.console_staff
  for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "the owner manages the staff"
  on public.console_staff
  for all
  to authenticated
  using ((select public.console_role()) = 'owner')
  with check ((select public.console_role()) = 'owner');



-- Who did what, when: sign-ins, views of a lead's details, exports, status changes, notes, staff
-- changes and erasures. Append-only: nobody is granted update or delete, the owner included;
-- entries are added only by the definer functions below, which take the actor from the token,
-- so nobody can write another's. No lead_id foreign key: an erased lead keeps its entries, and
-- the detail never holds personal data, only settings, counts, roles and statuses.
create table public.console_audit (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor_id uuid not null,
  -- As it was when they acted: a person removed since is still named.
  actor_email text not null,
  action text not null check (action in ('sign_in', 'view_lead', 'export', 'status_change',
    'note_added', 'invite', 'role_change', 'remove', 'erase')),
  lead_id uuid,
  detail jsonb not null default '{}'
);
alter table public.console_audit enable row level security;

revoke all on table public.console_audit from public, anon, authenticated, service_role;
grant select on table public.console_audit to authenticated;

create policy "the owner reads the audit trail"
  on public.console_audit
  for select
  to authenticated
  using ((select public.console_role()) = 'owner');

-- The trail is read newest first; a session's sign-in is looked up once per session.
create index console_audit_at_idx on public.console_audit (at, id);
create index console_audit_sign_in_idx on public.console_audit ((detail ->> 'session'))
  where action = 'sign_in';

-- Adds an entry for the signed-in person; refuses anyone not on the staff.
create function public.console_audit_record(p_action text, p_lead_id uuid, p_detail jsonb)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_email text := public.console_email();
begin
  if v_email is null then
    raise exception 'Only the staff have an audit trail' using errcode = '42501';
  end if;
  insert into public.console_audit (actor_id, actor_email, action, lead_id, detail)
  values (auth.uid(), v_email, p_action, p_lead_id, coalesce(p_detail, '{}'));
end
$$;

-- A session's first call records its sign-in; later ones (a reload, a refreshed token) do not.
-- Returns whether this call recorded it.
create function public.console_audit_sign_in(p_session text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  -- Two first calls of one session at once must not both record it.
  perform pg_advisory_xact_lock(hashtext('console_sign_in'), hashtext(p_session));
  if exists (select from public.console_audit a
      where a.action = 'sign_in' and a.detail ->> 'session' = p_session
        and a.actor_id = auth.uid()) then
    return false;
  end if;
  perform public.console_audit_record('sign_in', null, jsonb_build_object('session', p_session));
  return true;
end
$$;

revoke all on function public.console_audit_record, public.console_audit_sign_in
  from public, anon;
grant execute on function public.console_audit_record, public.console_audit_sign_in
  to authenticated;

-- Retention (AUDIT_RETENTION_DAYS): the function role's scheduled pruning deletes what is older.
create function public.console_audit_prune(p_before timestamptz)
returns bigint
language sql
volatile
security definer
set search_path = ''
as $$
  with gone as (delete from public.console_audit a where a.at < p_before returning 1)
  select count(*)::bigint from gone
$$;

revoke all on function public.console_audit_prune from public, anon, authenticated;
grant execute on function public.console_audit_prune to service_role;


-- Where sales stand with each lead, and what they noted: one row per change, with who and when,
-- for the lead's history. The author is stamped from the token by a trigger, never taken from
-- the caller. Erasing the lead removes them.
create table public.console_lead_changes (
  id bigint generated always as identity primary key,
  lead_id uuid not null references public.demo_requests (id) on delete cascade,
  kind text not null check (kind in ('status', 'note')),
  value text not null check (char_length(value) between 1 and 2000),
  by_user uuid not null,
  by_email text not null,
  at timestamptz not null default now(),
  constraint console_lead_changes_status_check
    check (kind <> 'status' or value in ('new', 'contacted', 'qualified', 'won', 'lost'))
);
alter table public.console_lead_changes enable row level security;

revoke all on table public.console_lead_changes from public, anon, authenticated, service_role;
grant select, insert on table public.console_lead_changes to authenticated;

create policy "owner and sales read a lead's changes"
  on public.console_lead_changes
  for select
  to authenticated
  using ((select public.console_role() in ('owner', 'sales')));

create policy "owner and sales change a lead's status and notes"
  on public.console_lead_changes
  for insert
  to authenticated
  with check ((select public.console_role()) in ('owner', 'sales') and by_user = auth.uid());

create index console_lead_changes_lead_idx on public.console_lead_changes (lead_id, at);

-- Each lead's current status, kept by the trigger below so the list filters on it by index;
-- a lead without a row is 'new'.
create table public.console_lead_status (
  lead_id uuid primary key references public.demo_requests (id) on delete cascade,
  status text not null check (status in ('new', 'contacted', 'qualified', 'won', 'lost')),
  changed_at timestamptz not null
);
alter table public.console_lead_status enable row level security;

revoke all on table public.console_lead_status from public, anon, authenticated, service_role;
grant select on table public.console_lead_status to authenticated;

create policy "owner and sales read leads' status"
  on public.console_lead_status
  for select
  to authenticated
  using ((select public.console_role() in ('owner', 'sales')));

-- Stamps a change with its author, keeps the lead's status, and puts it on the audit trail
-- (a note by its length only: its text may name people).
create function public.console_lead_change_stamp()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.by_user := auth.uid();
  new.by_email := coalesce(public.console_email(), '');
  new.at := now();
  if new.kind = 'status' then
    insert into public.console_lead_status (lead_id, status, changed_at)
    values (new.lead_id, new.value, new.at)
    on conflict (lead_id) do update set status = excluded.status, changed_at = excluded.changed_at;
    perform public.console_audit_record('status_change', new.lead_id,
      jsonb_build_object('status', new.value));
  else
    perform public.console_audit_record('note_added', new.lead_id,
      jsonb_build_object('length', char_length(new.value)));
  end if;
  return new;
end
$$;

revoke all on function public.console_lead_change_stamp from public, anon, authenticated;

create trigger console_lead_change_stamp
  before insert on public.console_lead_changes
  for each row execute function public.console_lead_change_stamp();


-- Owner and sales read leads with their contact details, notifications and bookings; marketing
-- and partners read none of it (their counts come from console_counts). `(select …)` has the
-- role read once per query, not once per row, and as one boolean the planner guesses it true for
-- half the rows: written `(select role) in (…)` it guessed 1%, and chose to sort the whole table
-- over walking the created_at index for a page (136 ms against 1 ms at 100,000 leads).
grant select on table public.demo_requests, public.demo_request_notifications,
  public.demo_request_bookings, public.demo_request_booking_notifications to authenticated;

create policy "owner and sales read leads"
  on public.demo_requests
  for select
  to authenticated
  using ((select public.console_role() in ('owner', 'sales')));

create policy "owner and sales read leads' notifications"
  on public.demo_request_notifications
  for select
  to authenticated
  using ((select public.console_role() in ('owner', 'sales')));

create policy "owner and sales read bookings"
  on public.demo_request_bookings
  for select
  to authenticated
  using ((select public.console_role() in ('owner', 'sales')));

create policy "owner and sales read booking notifications"
  on public.demo_request_booking_notifications
  for select
  to authenticated
  using ((select public.console_role() in ('owner', 'sales')));

-- The console's list: newest first, paged by (created_at, id).
create index demo_requests_created_idx on public.demo_requests (created_at, id);


-- The funnel per source from p_from to p_to (UTC days, inclusive), for every role on the staff:
-- sales see every lead anyway; a partner its own sources only. Page views and starts from the
-- pages' counters, sent and booked from the leads (demo_request_funnel_lead_events). No
-- personal data.
create function public.console_counts(p_from date, p_to date)
returns table (source text, views bigint, starts bigint, sent bigint, booked bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_role text := public.console_role();
  v_sources text[] := public.console_sources();
begin
  if v_role is null then
    raise exception 'Only the staff read counts' using errcode = '42501';
  end if;
  return query
  with events as (
    select c.source, c.event, c.n
    from public.demo_request_funnel_counts c
    where c.day between p_from and p_to and c.event in ('shown', 'started')
    union all
    select l.source, l.event, l.n
    from public.demo_request_funnel_lead_events(p_from) l
    where l.day <= p_to and l.event in ('sent', 'booked')
  )
  select e.source,
    coalesce(sum(e.n) filter (where e.event = 'shown'), 0)::bigint,
    coalesce(sum(e.n) filter (where e.event = 'started'), 0)::bigint,
    coalesce(sum(e.n) filter (where e.event = 'sent'), 0)::bigint,
    coalesce(sum(e.n) filter (where e.event = 'booked'), 0)::bigint
  from events e
  where v_role <> 'partner' or e.source = any (v_sources)
  group by e.source
  order by e.source;
end
$$;

revoke all on function public.console_counts from public, anon;
grant execute on function public.console_counts to authenticated;


-- Erases a person: every lead with their email (case-insensitive), or the one lead, with its
-- notifications, bookings and their notifications, status and notes (the foreign keys cascade).
-- The owner's only; the trail records the count and how it was asked, never the email.
create function public.console_erase(p_email text, p_lead_id uuid)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  if public.console_role() is distinct from 'owner' then
    raise exception 'Only the owner erases' using errcode = '42501';
  end if;
  if (p_email is null) = (p_lead_id is null) then
    raise exception 'Name an email or a lead, not both' using errcode = '22023';
  end if;
  with gone as (
    delete from public.demo_requests r
    where (p_email is not null and lower(r.email) = lower(p_email)) or r.id = p_lead_id
    returning 1
  )
  select count(*) into v_count from gone;
  perform public.console_audit_record('erase', p_lead_id,
    jsonb_build_object('erased', v_count, 'by', case when p_email is null then 'lead' else 'email' end));
  return v_count;
end
$$;

revoke all on function public.console_erase from public, anon;
grant execute on function public.console_erase to authenticated;
