-- Met or missed (issue 51, docs/routing-and-booking.md "Met or missed"): each booked demo ends
-- as met, a no-show (the guest did not come) or host absent (ours did not), as the schedulers'
-- webhooks and read-back report it, or as sales mark it in the console. A booking whose end passed
-- MEETING_OUTCOME_GRACE_HOURS ago with no mark counts as met. The lead keeps its outcome in
-- `meeting_outcome`, so the funnel sums it with its other lead events (met, no-show and host
-- absent beside booked), in the same pre-aggregated rows, never joining the bookings per row.


-- What the scheduler said of each booking's meeting: its end, and the marks. `attendance_at` is
-- when the newest word on the marks was said (a webhook's createdAt, the read-back's start, a
-- mark in the console), so a word arriving late changes nothing a newer one set.
alter table public.demo_request_bookings
  add column end_time timestamptz,
  add column guest_no_show boolean not null default false,
  add column host_absent boolean not null default false,
  -- Sales said it was held: met now, without waiting out the grace time.
  add column met_marked boolean not null default false,
  add column attendance_at timestamptz;

-- The lead's meeting: null while it is to come, or ended within the grace time unmarked.
alter table public.demo_requests
  add column meeting_outcome text check (meeting_outcome in ('met', 'no_show', 'host_absent')),
  add column meeting_outcome_at timestamptz;

-- The scheduled job's search for meetings the grace time has made met: booked, unmarked leads.
create index demo_requests_meeting_due_idx on public.demo_requests (booking_start)
  where booking_state = 'booked' and meeting_outcome is null;


-- Each change of a lead's meeting outcome, for its history: by hand in the console (`hand`, by
-- owner or sales, as the policies below decide), from a scheduler (`scheduler`), or by the grace
-- time passing (`grace`). `pending` is a mark cleared within the grace time. A row by hand is
-- applied by its trigger; the others record what the definer functions below applied. This is
-- where a CRM update of the outcome is queued (the delivery outbox), as a status change is.
create table public.demo_request_meeting_changes (
  id bigint generated always as identity primary key,
  lead_id uuid not null references public.demo_requests (id) on delete cascade,
  outcome text not null check (outcome in ('met', 'no_show', 'host_absent', 'pending')),
  via text not null check (via in ('hand', 'scheduler', 'grace')),
  by_user uuid,
  by_email text not null default '',
  at timestamptz not null default now()
);

alter table public.demo_request_meeting_changes enable row level security;

comment on table public.demo_request_meeting_changes is 'Changes of a lead''s meeting outcome (met, no-show, host absent) for its history; written by the console''s sales by hand and by the booking functions.';

revoke all on table public.demo_request_meeting_changes
  from public, anon, authenticated, service_role, console_staff_role;
grant select, insert on table public.demo_request_meeting_changes to console_staff_role;
grant select on table public.demo_request_meeting_changes to service_role;

create policy "owner and sales read meeting changes"
  on public.demo_request_meeting_changes
  for select
  to console_staff_role
  using ((select public.console_role()) in ('owner', 'sales'));

create policy "owner and sales mark meetings"
  on public.demo_request_meeting_changes
  for insert
  to console_staff_role
  with check ((select public.console_role()) in ('owner', 'sales') and by_user = auth.uid()
    and via = 'hand' and outcome <> 'pending');

create policy "service_role reads meeting changes"
  on public.demo_request_meeting_changes
  for select
  to service_role
  using (true);

create index demo_request_meeting_changes_lead_idx
  on public.demo_request_meeting_changes (lead_id, at);

-- The outcome the booking p_booking of p_provider, the lead's in p_state, comes to at p_now:
-- none unless it is booked; host absent over a no-show (nobody of ours was there to meet); met
-- when sales said so, or, given p_grace_hours, once its end (its start where the scheduler gave
-- none) is that long past.
create function public.demo_request_meeting_outcome_of(
  p_provider text,
  p_booking text,
  p_state text,
  p_now timestamptz,
  p_grace_hours integer
)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when p_state is distinct from 'booked' then null
    when b.host_absent then 'host_absent'
    when b.guest_no_show then 'no_show'
    when b.met_marked
      or coalesce(b.end_time, b.start_time) <= p_now - make_interval(hours => p_grace_hours)
      then 'met'
  end
  from (select) one
  left join public.demo_request_bookings b
    on b.provider = p_provider and b.booking_id = p_booking
$$;

revoke all on function public.demo_request_meeting_outcome_of
  from public, anon, authenticated, service_role, console_staff_role;


-- Sets p_lead's outcome to what its booking now comes to, and, when that changes it, puts the
-- change on its history as said `p_via`. The caller holds the lead's row lock.
create function public.demo_request_meeting_settle(
  p_lead uuid,
  p_now timestamptz,
  p_grace_hours integer,
  p_via text
)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_outcome text := (select public.demo_request_meeting_outcome_of(d.booking_provider,
    d.booking_id, d.booking_state, p_now, p_grace_hours)
    from public.demo_requests d where d.id = p_lead);
begin
  update public.demo_requests d
  set meeting_outcome = v_outcome, meeting_outcome_at = p_now
  where d.id = p_lead and d.meeting_outcome is distinct from v_outcome;
  if found then
    -- No scheduler says "met": a meeting its word leaves met (a no-show cleared after the grace
    -- time) is met by the grace time.
    insert into public.demo_request_meeting_changes (lead_id, outcome, via, at)
    values (p_lead, coalesce(v_outcome, 'pending'),
      case when v_outcome = 'met' then 'grace' else p_via end, p_now);
  end if;
  return v_outcome;
end
$$;

revoke all on function public.demo_request_meeting_settle
  from public, anon, authenticated, service_role, console_staff_role;


-- What a scheduler said of one booking's meeting (p_event: provider, bookingId, occurredAt, and
-- any of endTime, guestNoShow, hostAbsent, as booking-event.ts's AttendanceEvent has them):
-- Cal.com's BOOKING_NO_SHOW_UPDATED and MEETING_ENDED, Calendly's invitee_no_show.*, either's
-- read-back. A mark older than the newest word taken changes nothing; a no-show cleared goes
-- back to met or to waiting, as the grace time says. Returns the booking's lead (null for a
-- booking not stored, which nothing would make a lead's) and its outcome now.
create function public.apply_demo_request_attendance(
  p_event jsonb,
  p_now timestamptz,
  p_grace_hours integer
)
returns table (lead_id uuid, outcome text)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_provider text := p_event ->> 'provider';
  v_booking text := p_event ->> 'bookingId';
  v_occurred timestamptz := (p_event ->> 'occurredAt')::timestamptz;
  v_end timestamptz := (p_event ->> 'endTime')::timestamptz;
  v_guest boolean := (p_event ->> 'guestNoShow')::boolean;
  v_host boolean := (p_event ->> 'hostAbsent')::boolean;
  v_lead uuid;
  v_marks boolean := p_event ? 'guestNoShow' or p_event ? 'hostAbsent';
begin
  select b.lead_id into v_lead from public.demo_request_bookings b
  where b.provider = v_provider and b.booking_id = v_booking;
  if v_lead is null then
    return next;
    return;
  end if;
  -- The lead first, as apply_demo_request_booking locks it: one order, no deadlock.
  perform from public.demo_requests d where d.id = v_lead for update;
  update public.demo_request_bookings b
  set end_time = coalesce(v_end, b.end_time),
    guest_no_show = case when v_marks and v_guest is not null then v_guest else b.guest_no_show end,
    host_absent = case when v_marks and v_host is not null then v_host else b.host_absent end,
    met_marked = case when v_marks and (v_guest or v_host) then false else b.met_marked end,
    attendance_at = case when v_marks then greatest(b.attendance_at, v_occurred)
      else b.attendance_at end,
    updated_at = p_now
  where b.provider = v_provider and b.booking_id = v_booking
    and (not v_marks or b.attendance_at is null or b.attendance_at <= v_occurred
      or (v_end is not null and b.end_time is distinct from v_end));
  lead_id := v_lead;
  outcome := public.demo_request_meeting_settle(v_lead, p_now, p_grace_hours, 'scheduler');
  return next;
end
$$;

revoke all on function public.apply_demo_request_attendance
  from public, anon, authenticated, service_role, console_staff_role;
grant execute on function public.apply_demo_request_attendance to service_role;


-- The scheduled job's pass: every booked lead whose meeting ended p_grace_hours ago unmarked is
-- met. Returns how many it settled.
create function public.demo_request_settle_meetings(p_now timestamptz, p_grace_hours integer)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_lead uuid;
  v_settled integer := 0;
begin
  for v_lead in
    select d.id from public.demo_requests d
    where d.booking_state = 'booked' and d.meeting_outcome is null
      and d.booking_start <= p_now - make_interval(hours => p_grace_hours)
    for update skip locked
  loop
    if public.demo_request_meeting_settle(v_lead, p_now, p_grace_hours, 'grace') is not null then
      v_settled := v_settled + 1;
    end if;
  end loop;
  return v_settled;
end
$$;

revoke all on function public.demo_request_settle_meetings
  from public, anon, authenticated, service_role, console_staff_role;
grant execute on function public.demo_request_settle_meetings to service_role;


-- A lead whose booking is replaced or ends starts afresh: the new meeting's marks (none, most
-- often) decide, and the grace time makes it met later. Before the row is written, so the
-- funnel's mark trigger sees the outcome with the booking.
create function public.demo_request_meeting_follows_booking()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- No grace time: only the new booking's marks.
  new.meeting_outcome := public.demo_request_meeting_outcome_of(new.booking_provider,
    new.booking_id, new.booking_state, now(), null);
  new.meeting_outcome_at := case when new.meeting_outcome is distinct from old.meeting_outcome
    then now() else old.meeting_outcome_at end;
  return new;
end
$$;

revoke all on function public.demo_request_meeting_follows_booking
  from public, anon, authenticated, service_role, console_staff_role;

create trigger demo_requests_meeting_follows_booking
  before update on public.demo_requests
  for each row
  when ((old.booking_provider, old.booking_id, old.booking_state)
    is distinct from (new.booking_provider, new.booking_id, new.booking_state))
  execute function public.demo_request_meeting_follows_booking();


-- A mark by hand: stamped with its author, refused unless the lead's booked meeting has started
-- (as Cal.com refuses one), applied to the booking and the lead, and put on the trail. The
-- scheduler hears of it from the console (meeting-write-back.ts), in the same transaction.
create function public.demo_request_meeting_mark()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_lead public.demo_requests;
begin
  if auth.uid() is null then
    -- The definer functions above write the system's rows, already applied.
    return new;
  end if;
  new.by_user := auth.uid();
  new.by_email := coalesce(public.console_email(), '');
  new.at := now();
  new.via := 'hand';
  select * into v_lead from public.demo_requests d where d.id = new.lead_id for update;
  if v_lead.id is null or v_lead.booking_state is distinct from 'booked' then
    raise exception 'This lead has no booked meeting to mark: it can be marked once it is booked'
      using errcode = '22023';
  end if;
  if v_lead.booking_start > now() then
    raise exception 'A meeting is marked once it has started: this one starts at % UTC',
      to_char(v_lead.booking_start at time zone 'UTC', 'YYYY-MM-DD HH24:MI') using errcode = '22023';
  end if;
  update public.demo_request_bookings b
  set guest_no_show = new.outcome = 'no_show', host_absent = new.outcome = 'host_absent',
    met_marked = new.outcome = 'met', attendance_at = new.at, updated_at = new.at
  where b.provider = v_lead.booking_provider and b.booking_id = v_lead.booking_id;
  update public.demo_requests d
  set meeting_outcome = new.outcome, meeting_outcome_at = new.at
  where d.id = new.lead_id and d.meeting_outcome is distinct from new.outcome;
  perform public.console_audit_record('meeting_mark', new.lead_id,
    jsonb_build_object('outcome', new.outcome));
  return new;
end
$$;

revoke all on function public.demo_request_meeting_mark
  from public, anon, authenticated, console_staff_role;

create trigger demo_request_meeting_mark
  before insert on public.demo_request_meeting_changes
  for each row execute function public.demo_request_meeting_mark();


-- The funnel's lead events, as the lead sums migration made them, with the meeting's outcome:
-- `met`, `no_show` and `host_absent` beside `booked`, from the lead's own column.
create or replace function public.demo_request_funnel_lead_events_on(
  p_days date[],
  p_sources text[] default null,
  p_time_zone text default 'UTC',
  p_by_page boolean default true
)
returns table (day date, source text, page text, utm_source text, utm_campaign text,
  event text, code text, n bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if coalesce(cardinality(p_days), 0) = 0 then
    return;
  end if;
  return query execute $leads$
  select l.day, l.source, l.page, l.utm_source, l.utm_campaign, e.event, e.code,
    sum(l.n)::bigint
  from (
    select d.day,
      coalesce(r.source, '') as source,
      case when $4 then public.demo_request_funnel_page(r.page_url) else '' end as page,
      case when $4 then coalesce(r.utm_source, '') else '' end as utm_source,
      case when $4 then coalesce(r.utm_campaign, '') else '' end as utm_campaign,
      r.held_until is not null as held, r.route_rule, r.booked_at is not null as booked,
      r.booked_at is not null and r.booking_state = 'cancelled' as cancelled,
      r.meeting_outcome, count(*) as n
    from (select distinct unnest($1::date[]) as day) d
    join public.demo_requests r
      on r.created_at >= d.day::timestamp at time zone $3
      and r.created_at < (d.day + 1)::timestamp at time zone $3
    where not r.is_spam
      and ($2 is null or coalesce(r.source, '') = any ($2))
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  ) l
  cross join lateral (
    select 'sent'::text as event, ''::text as code
    union all select 'held', '' where l.held
    union all select 'routed', l.route_rule::text where l.route_rule is not null
    union all select 'booked', '' where l.booked
    union all select 'cancelled', '' where l.cancelled
    union all select replace(l.meeting_outcome, '_', '-'), '' where l.meeting_outcome is not null
  ) e
  group by l.day, l.source, l.page, l.utm_source, l.utm_campaign, e.event, e.code
  $leads$
  using p_days, p_sources, p_time_zone, p_by_page;
end
$$;

-- A lead's outcome changing is a change to what the funnel counts: its day is read live until
-- the next compaction sums it again.
drop trigger demo_requests_funnel_mark_update on public.demo_requests;

create trigger demo_requests_funnel_mark_update
  after update on public.demo_requests
  for each row
  when ((old.created_at, old.source, old.page_url, old.utm_source, old.utm_campaign,
      old.is_spam, old.held_until is null, old.route_rule, old.booked_at is null,
      old.booking_state is not distinct from 'cancelled', old.meeting_outcome)
    is distinct from (new.created_at, new.source, new.page_url, new.utm_source,
      new.utm_campaign, new.is_spam, new.held_until is null, new.route_rule,
      new.booked_at is null, new.booking_state is not distinct from 'cancelled',
      new.meeting_outcome))
  execute function public.demo_request_funnel_mark_lead();
