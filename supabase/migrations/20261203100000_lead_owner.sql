-- An owner for every lead (issue 50): the owner and sales people marked in People as taking
-- leads share new leads in turn; a rule of LEAD_OWNER_RULES (on the lead's source and answers)
-- names a person instead; the booking's host takes the lead when the host is on the staff; the
-- owner and sales reassign by hand.
--
-- The send is the hot path (benchmarked against a bare INSERT), so a new lead's owner costs it
-- no row but its own: the turn is a sequence, not a counter row (`nextval` takes no row lock and
-- is not rolled back, so fifty sends at once never queue on one row), and the assignment is
-- written into the lead's row itself (first_owner_id, first_owner_via), which its history reads.
-- Writing a history row and a trail entry for it as well cost the send about 390 µs of
-- PostgreSQL's CPU on top of some 560 (1,000 calls, 3 people taking leads); the turn itself is
-- one statement of about 20 to 30 µs (EXPLAIN ANALYZE). Every later assignment (by the booking's
-- host, by hand) is a row of the lead's history (console_lead_changes, kind 'owner') and an entry
-- on the audit trail ('assign').
--
-- Each created lead (never a repeat, a spam or a held lead) takes one number of the turn, which
-- picks among the people taking leads in the order of their ids. Only a request that loses the
-- race for its own idempotency key wastes a number: one person's turn is skipped once.


-- Who shares new leads. Only those who read leads (owner, sales) may take them.
alter table public.console_staff
  add column takes_leads boolean not null default false,
  add constraint console_staff_takes_leads_check
    check (not takes_leads or role in ('owner', 'sales'));

comment on column public.console_staff.takes_leads is 'Shares new leads in turn with the others who take them (People in the console)';

-- A booking's host and a rule name a person by email, in whatever case they typed it.
create index console_staff_email_lower_idx on public.console_staff (lower(email));

-- The lead's owner: a person of the staff, or null while nobody owns it; and whom it went to as
-- it arrived, and how (in turn, or by a rule), which never changes. No foreign key: its check
-- would lock the owner's staff row (for key share) on every send, which fifty sends at once
-- would share as one hot row; a removed person's leads are let go by the trigger below.
alter table public.demo_requests
  add column owner_id uuid,
  add column first_owner_id uuid,
  add column first_owner_via text check (first_owner_via in ('turn', 'rule')),
  add constraint demo_requests_first_owner_check
    check ((first_owner_id is null) = (first_owner_via is null));

comment on column public.demo_requests.owner_id is 'The console_staff member who owns the lead; null while nobody does';
comment on column public.demo_requests.first_owner_id is 'Whom the lead went to as it arrived (first_owner_via: in turn, or by a rule of LEAD_OWNER_RULES)';

create sequence public.demo_request_owner_turns as bigint;
revoke all on sequence public.demo_request_owner_turns
  from public, anon, authenticated, service_role, console_staff_role;

-- Owner and sales see who owns each lead, so they may read the names of the people who may own
-- one (to reassign, and in the list); marketing and partners still read only their own row.
create policy "owner and sales read who may own leads"
  on public.console_staff
  for select
  to console_staff_role
  using ((select public.console_role() in ('owner', 'sales')) and role in ('owner', 'sales'));

-- The notifications name the owner (LeadNotice.owner): the function role reads who owns a lead.
grant select (user_id, email) on table public.console_staff to service_role;
create policy "service_role reads lead owners"
  on public.console_staff
  for select
  to service_role
  using (true);


-- An assignment after the lead arrived, on its history: `owner_id` is whom it went to, `value`
-- their email as it was, `via` how: by the booking's host, or by hand (`by_email` says whose).
-- The booking's have no author.
alter table public.console_lead_changes
  drop constraint console_lead_changes_kind_check,
  add constraint console_lead_changes_kind_check check (kind in ('status', 'note', 'owner')),
  add column owner_id uuid,
  add column via text check (via in ('booking', 'hand')),
  add constraint console_lead_changes_owner_check
    check ((kind = 'owner') = (owner_id is not null and via is not null)),
  alter column by_user drop not null;

-- The trail names the system as the actor of the assignments nobody made by hand.
alter table public.console_audit
  drop constraint console_audit_action_check,
  add constraint console_audit_action_check
    check (action in ('sign_in', 'list_leads', 'view_lead', 'export', 'status_change',
      'note_added', 'assign', 'invite', 'role_change', 'remove', 'erase')),
  alter column actor_id drop not null;


-- Stamps a change with its author, keeps the lead's status or owner, and puts it on the audit
-- trail (a note by its length only: its text may name people). A person's change is theirs,
-- whatever the row says (an assignment by hand); one with no person behind it (auth.uid() is
-- null) is the system's, made only by the definer functions below, as no role may insert here
-- without a staff member's claims.
create or replace function public.console_lead_change_stamp()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_owner_email text;
begin
  new.by_user := auth.uid();
  new.by_email := coalesce(public.console_email(), '');
  new.at := now();
  if new.kind = 'owner' then
    select s.email into v_owner_email from public.console_staff s
    where s.user_id = new.owner_id and s.role in ('owner', 'sales');
    if v_owner_email is null then
      raise exception 'Only the owner or a salesperson of the staff owns leads'
        using errcode = '22023';
    end if;
    new.value := v_owner_email;
    if new.by_user is not null then
      new.via := 'hand';
    elsif new.via is null or new.via = 'hand' then
      raise exception 'Only a person assigns by hand' using errcode = '42501';
    end if;
    update public.demo_requests d set owner_id = new.owner_id
    where d.id = new.lead_id and d.owner_id is distinct from new.owner_id;
    if new.by_user is null then
      insert into public.console_audit (actor_id, actor_email, action, lead_id, detail)
      values (null, 'system', 'assign', new.lead_id,
        jsonb_build_object('owner', new.owner_id, 'via', new.via));
    else
      perform public.console_audit_record('assign', new.lead_id,
        jsonb_build_object('owner', new.owner_id, 'via', new.via));
    end if;
  elsif new.kind = 'status' then
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


-- Records an assignment the system made after the lead arrived (by the booking's host) on the
-- lead's history and the trail, and sets the lead's owner.
create function public.demo_request_assign(p_lead uuid, p_owner uuid, p_via text)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.console_lead_changes (lead_id, kind, value, owner_id, via)
  values (p_lead, 'owner', '-', p_owner, p_via)
$$;

revoke all on function public.demo_request_assign
  from public, anon, authenticated, service_role, console_staff_role;


-- A removed person owns nothing: their leads go back to nobody (their history keeps the name).
-- No index finds them: one on owner_id would cost every send its upkeep, for a rare removal.
create function public.console_staff_let_go()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.demo_requests d set owner_id = null where d.owner_id = old.user_id;
  return old;
end
$$;

revoke all on function public.console_staff_let_go
  from public, anon, authenticated, service_role, console_staff_role;

create trigger console_staff_let_go
  after delete on public.console_staff
  for each row execute function public.console_staff_let_go();


-- The lead path as the baseline made it, with its owner picked before the insert, in the same
-- row, for a created lead alone.
create or replace function public.accept_demo_request(
  p_lead jsonb,
  p_client_key text default null,
  p_window_start timestamptz default null,
  p_client_max integer default null,
  p_global_max integer default null,
  p_held_until timestamptz default null
)
returns table (request_id uuid, created boolean, limited text, held boolean, route_rule smallint)
language plpgsql
security definer
set search_path = ''
as $$
declare
  lead public.demo_requests := jsonb_populate_record(null::public.demo_requests, p_lead);
  hits integer;
  over_limit boolean := false;
begin
  -- A retry of a stored request gets the first answer and counts nothing.
  if lead.idempotency_key is not null then
    select r.id, r.route_rule into request_id, route_rule from public.demo_requests r
    where r.idempotency_key = lead.idempotency_key;
    if found then
      created := false;
      return next;
      return;
    end if;
  end if;

  if p_client_key is not null then
    over_limit := p_global_max is not null and (
      select coalesce(sum(t.hits), 0) from public.demo_request_window_totals t
      where t.window_start = p_window_start
    ) >= p_global_max;
    -- Refused before anything is written, so rotating addresses cannot grow either table. A
    -- held lead is written: it paid with a proof of work, and the totals raise the difficulty.
    if over_limit and p_held_until is null then
      limited := 'global';
      return next;
      return;
    end if;
    insert into public.demo_request_rate_limits as l (client_key, window_start, hits)
    values (p_client_key, p_window_start, 1)
    on conflict (client_key, window_start) do update set hits = l.hits + 1
    returning l.hits into hits;
    insert into public.demo_request_window_totals as t (window_start, shard, hits)
    values (p_window_start, hashtext(p_client_key) & 15, 1)
    on conflict (window_start, shard) do update set hits = t.hits + 1;
    if p_client_max is not null and hits > p_client_max then
      limited := 'client';
      return next;
      return;
    end if;
  end if;

  lead.id := gen_random_uuid();
  lead.is_spam := coalesce(lead.is_spam, false);
  -- jsonb_populate_record skips the column's default: a lead from a caller that names no
  -- language (a function from before languages, mid-deploy) was made in an English form.
  lead.language := coalesce(lead.language, 'en');
  lead.notification_status :=
    case when lead.is_spam then 'skipped' when over_limit then 'held' else 'pending' end;
  lead.notification_attempts := 0;
  lead.notification_error := null;
  lead.notified_at := null;
  lead.held_until := case when over_limit and not lead.is_spam then p_held_until end;
  -- A lead is booked only through a signed webhook (apply_demo_request_booking).
  lead.booking_state := null;
  lead.booking_start := null;
  lead.booking_time_zone := null;
  lead.booking_provider := null;
  lead.booking_id := null;
  lead.booking_updated_at := null;
  lead.booked_at := null;
  lead.created_at := now();
  -- Its owner, in the same row: the person a rule of LEAD_OWNER_RULES named (`owner_email`
  -- beside the columns), when on the staff as owner or sales; else the next in turn of those
  -- taking leads; else nobody. A spam or held lead waits for a person to take it.
  lead.owner_id := null;
  lead.first_owner_id := null;
  lead.first_owner_via := null;
  if not lead.is_spam and not over_limit then
    if p_lead ? 'owner_email' then
      select s.user_id into lead.first_owner_id from public.console_staff s
      where lower(s.email) = lower(p_lead ->> 'owner_email') and s.role in ('owner', 'sales');
      lead.first_owner_via := case when lead.first_owner_id is not null then 'rule' end;
    end if;
    if lead.first_owner_id is null then
      -- One statement; the turn is taken only when someone takes leads.
      select case when count(*) > 0 then (array_agg(s.user_id order by s.user_id))
          [1 + nextval('public.demo_request_owner_turns') % count(*)] end
      into lead.first_owner_id
      from public.console_staff s where s.takes_leads;
      lead.first_owner_via := case when lead.first_owner_id is not null then 'turn' end;
    end if;
    lead.owner_id := lead.first_owner_id;
  end if;
  insert into public.demo_requests select (lead).*
  on conflict (idempotency_key) do nothing
  returning id into request_id;
  created := request_id is not null;
  route_rule := lead.route_rule;
  held := created and over_limit and not lead.is_spam;
  if not created then
    -- A simultaneous request with the same key committed first; this statement sees its row.
    select r.id, r.route_rule into request_id, route_rule from public.demo_requests r
    where r.idempotency_key = lead.idempotency_key;
  end if;
  return next;
end
$$;



-- A booking change as apply_demo_request_booking applies it, and then its host's: when the
-- change newly books the lead with the booking this event reports, and the event names its
-- host (`hostEmail`: Cal.com's organizer, Calendly's event membership) who is on the staff as
-- owner or sales, the host becomes the lead's owner. Only then: a delivery repeated later
-- brings no notice, so it never undoes a reassignment by hand made since.
create function public.apply_demo_request_booking_with_host(
  p_event jsonb,
  p_channels text[],
  p_now timestamptz
)
returns table (lead_id uuid, notice text, notice_provider text, notice_booking text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_applied record;
  v_host uuid;
begin
  select * into v_applied from public.apply_demo_request_booking(p_event, p_channels, p_now);
  if v_applied.notice = 'booked' and v_applied.notice_booking = p_event ->> 'bookingId'
    and p_event ->> 'hostEmail' is not null then
    select s.user_id into v_host from public.console_staff s
    where lower(s.email) = lower(p_event ->> 'hostEmail') and s.role in ('owner', 'sales');
    if v_host is not null and exists (select from public.demo_requests d
        where d.id = v_applied.lead_id and d.owner_id is distinct from v_host) then
      perform public.demo_request_assign(v_applied.lead_id, v_host, 'booking');
    end if;
  end if;
  lead_id := v_applied.lead_id;
  notice := v_applied.notice;
  notice_provider := v_applied.notice_provider;
  notice_booking := v_applied.notice_booking;
  return next;
end
$$;

revoke all on function public.apply_demo_request_booking_with_host
  from public, anon, authenticated, console_staff_role;
grant execute on function public.apply_demo_request_booking_with_host to service_role;
