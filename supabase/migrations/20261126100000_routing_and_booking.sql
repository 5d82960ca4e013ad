-- Routing and booking (issue 28). The rule of DEMO_REQUEST_ROUTES a lead matched is stored with
-- it, so sales see why a lead was offered a booking page or a message, and a retried submission
-- is answered by the rule its first try matched rather than matched again. The bookings the
-- providers' signed webhooks report are applied once each (apply_demo_request_booking), and
-- sales are told of them through the same claimed, fenced notifications as leads.

alter table public.demo_requests
  add column route_rule smallint check (route_rule >= 1);

-- The lead's booking, as the booking providers' signed webhooks report it: the one it holds now,
-- or the last one cancelled. The history is in demo_request_bookings.
alter table public.demo_requests
  add column booking_state text check (booking_state in ('booked', 'cancelled')),
  add column booking_start timestamptz,
  add column booking_time_zone text check (char_length(booking_time_zone) <= 64),
  add column booking_provider text check (booking_provider in ('cal', 'calendly')),
  add column booking_id text check (char_length(booking_id) <= 300),
  add column booking_updated_at timestamptz,
  add constraint demo_requests_booking_check
    check ((booking_state is null) = (booking_id is null));

comment on column public.demo_requests.booking_start is 'When the booked demo starts; with booking_time_zone, the invitee''s time zone';

comment on column public.demo_requests.route_rule is 'The rule of DEMO_REQUEST_ROUTES the lead matched, counted from 1; null when none matched or no rules were set';

-- accept_demo_request as in the baseline, now also answering with the stored lead's rule. The
-- rule arrives in p_lead like any column; a new output column needs the function made anew.
drop function public.accept_demo_request(jsonb, text, timestamptz, integer, integer, timestamptz);

create function public.accept_demo_request(
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
  lead.created_at := now();
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

revoke all on function public.accept_demo_request from public, anon, authenticated;
grant execute on function public.accept_demo_request to service_role;


-- Every booking a provider has reported for a lead, keyed by the provider's own id, so that a
-- delivery repeated or arriving out of order changes the lead once. A cancellation is final
-- for its id: a reschedule is a new id. Rows are written only by apply_demo_request_booking.
create table public.demo_request_bookings (
  provider text not null check (provider in ('cal', 'calendly')),
  booking_id text not null check (char_length(booking_id) between 1 and 300),
  lead_id uuid not null references public.demo_requests (id) on delete cascade,
  state text not null check (state in ('booked', 'cancelled')),
  -- Null only for a booking known so far as the one a reschedule replaced.
  start_time timestamptz,
  time_zone text not null default '' check (char_length(time_zone) <= 64),
  -- When the provider says the last change happened: the newest booking is the lead's.
  occurred_at timestamptz not null,
  -- For a cancellation that is half of a reschedule: the booking that took its place.
  replaced_by text check (char_length(replaced_by) <= 300),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (provider, booking_id)
);

alter table public.demo_request_bookings enable row level security;

comment on table public.demo_request_bookings is 'Bookings of demos reported by Cal.com and Calendly webhooks; written by apply_demo_request_booking only.';

revoke all on table public.demo_request_bookings from public, anon, authenticated, service_role;
grant select on table public.demo_request_bookings to service_role;

create policy "service_role manages bookings"
  on public.demo_request_bookings
  for all
  to service_role
  using (true)
  with check (true);

create index demo_request_bookings_lead_idx on public.demo_request_bookings (lead_id);


-- How sales were told that a lead booked or cancelled, one row per change and channel, sent,
-- claimed and fenced like a lead's notifications (demo_request_notifications). Rows are made by
-- apply_demo_request_booking, for the channels the function has, when the lead's booking changes.
create table public.demo_request_booking_notifications (
  provider text not null,
  booking_id text not null,
  notice text not null check (notice in ('booked', 'cancelled')),
  channel text not null check (channel in ('email', 'webhook')),
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  claimed_until timestamptz,
  last_error text check (char_length(last_error) <= 500),
  sent_at timestamptz,
  created_at timestamptz not null,
  primary key (provider, booking_id, notice, channel),
  foreign key (provider, booking_id)
    references public.demo_request_bookings (provider, booking_id) on delete cascade
);

alter table public.demo_request_booking_notifications enable row level security;

comment on table public.demo_request_booking_notifications is 'Delivery state of each booking change per notification channel; written by the send-demo-request function and the retry command.';

revoke all on table public.demo_request_booking_notifications
  from public, anon, authenticated, service_role;
grant select, update on table public.demo_request_booking_notifications to service_role;

create policy "service_role manages booking notifications"
  on public.demo_request_booking_notifications
  for all
  to service_role
  using (true)
  with check (true);

create index demo_request_booking_notifications_due_idx
  on public.demo_request_booking_notifications (attempts, created_at)
  where status <> 'sent';


-- Applies one booking change a signed webhook reported (p_event: provider, bookingId,
-- requestId, state, startTime, timeZone, occurredAt, replaces, replacedBy, as booking-event.ts
-- has them) at p_now, the function's clock. The lead is found through requestId, else through
-- the booking or the one it replaces, as an earlier delivery stored them; without one nothing
-- is stored and lead_id is null. The lead's row is locked first, so deliveries for one lead
-- apply one at a time, in whatever order they come:
-- - a repeated delivery finds its change made and changes nothing;
-- - a cancellation is final for its booking id: a creation arriving after it changes nothing;
-- - a reschedule (a new booking naming the one it replaces, and, from Calendly, a cancellation
--   naming the one replacing it) leaves the lead booked at the new time, in either order.
-- The lead then holds its newest booking still booked, else its last cancellation that nothing
-- replaced. When that makes the lead newly booked, or cancels the booking sales were told of,
-- `notice` says which, and a notification row is made for each of p_channels.
create function public.apply_demo_request_booking(
  p_event jsonb,
  p_channels text[],
  p_now timestamptz
)
returns table (lead_id uuid, notice text, notice_provider text, notice_booking text)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_provider text := p_event ->> 'provider';
  v_booking text := p_event ->> 'bookingId';
  v_request text := p_event ->> 'requestId';
  v_state text := p_event ->> 'state';
  v_start timestamptz := (p_event ->> 'startTime')::timestamptz;
  v_zone text := left(coalesce(p_event ->> 'timeZone', ''), 64);
  v_occurred timestamptz := (p_event ->> 'occurredAt')::timestamptz;
  v_replaces text := p_event ->> 'replaces';
  v_replaced_by text := p_event ->> 'replacedBy';
  v_lead uuid;
  v_before public.demo_requests;
  v_existing public.demo_request_bookings;
  v_current public.demo_request_bookings;
  v_now_state text;
begin
  if v_request ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select d.id into v_lead from public.demo_requests d where d.id = v_request::uuid;
  end if;
  if v_lead is null then
    select b.lead_id into v_lead from public.demo_request_bookings b
    where b.provider = v_provider
      and b.booking_id in (v_booking, v_replaces, v_replaced_by)
    order by b.booking_id = v_booking desc
    limit 1;
  end if;
  if v_lead is null then
    return next;
    return;
  end if;
  lead_id := v_lead;

  select * into v_before from public.demo_requests d where d.id = v_lead for update;
  select * into v_existing from public.demo_request_bookings b
  where b.provider = v_provider and b.booking_id = v_booking;

  if v_existing.booking_id is null then
    insert into public.demo_request_bookings (provider, booking_id, lead_id, state, start_time,
      time_zone, occurred_at, replaced_by, created_at, updated_at)
    values (v_provider, v_booking, v_lead, v_state, v_start, v_zone, v_occurred,
      case when v_state = 'cancelled' then v_replaced_by end, p_now, p_now);
  elsif v_existing.state = 'booked' and v_state = 'cancelled' then
    update public.demo_request_bookings b
    set state = 'cancelled', occurred_at = greatest(b.occurred_at, v_occurred),
      replaced_by = coalesce(b.replaced_by, v_replaced_by), updated_at = p_now
    where b.provider = v_provider and b.booking_id = v_booking;
  elsif v_existing.start_time is null then
    -- Known only as replaced so far: the delivery about it fills in its time.
    update public.demo_request_bookings b
    set start_time = v_start, time_zone = v_zone, updated_at = p_now
    where b.provider = v_provider and b.booking_id = v_booking;
  end if;

  -- The booking a reschedule replaces is cancelled, whether or not its own word came yet.
  if v_state = 'booked' and v_replaces is not null then
    insert into public.demo_request_bookings as b (provider, booking_id, lead_id, state,
      occurred_at, replaced_by, created_at, updated_at)
    values (v_provider, v_replaces, v_lead, 'cancelled', v_occurred, v_booking, p_now, p_now)
    on conflict (provider, booking_id) do update
    set state = 'cancelled', replaced_by = coalesce(b.replaced_by, excluded.replaced_by),
      occurred_at = greatest(b.occurred_at, excluded.occurred_at), updated_at = p_now
    where b.state <> 'cancelled' or b.replaced_by is null;
  end if;

  select * into v_current from public.demo_request_bookings b
  where b.lead_id = v_lead and b.state = 'booked'
  order by b.occurred_at desc, b.booking_id desc
  limit 1;
  if v_current.booking_id is null then
    select * into v_current from public.demo_request_bookings b
    where b.lead_id = v_lead and b.state = 'cancelled' and b.replaced_by is null
      and b.start_time is not null
    order by b.occurred_at desc, b.booking_id desc
    limit 1;
  end if;
  -- Only a replaced cancellation so far: the lead keeps the booking it had until the new one.
  if v_current.booking_id is null then
    return next;
    return;
  end if;
  v_now_state := v_current.state;

  if v_before.booking_state is distinct from v_now_state
    or v_before.booking_id is distinct from v_current.booking_id
    or v_before.booking_provider is distinct from v_current.provider
    or v_before.booking_start is distinct from v_current.start_time then
    update public.demo_requests d
    set booking_state = v_now_state, booking_start = v_current.start_time,
      booking_time_zone = nullif(v_current.time_zone, ''), booking_provider = v_current.provider,
      booking_id = v_current.booking_id, booking_updated_at = p_now
    where d.id = v_lead;
  end if;

  -- What sales hear: a booking they have not been told of, or the cancellation of the one
  -- they were; a cancellation of a booking the lead never showed is only stored.
  if v_now_state = 'booked' and (v_before.booking_state is distinct from 'booked'
      or v_before.booking_id is distinct from v_current.booking_id
      or v_before.booking_provider is distinct from v_current.provider) then
    notice := 'booked';
  elsif v_now_state = 'cancelled' and v_before.booking_state = 'booked' then
    notice := 'cancelled';
  end if;
  if notice is not null then
    notice_provider := v_current.provider;
    notice_booking := v_current.booking_id;
    insert into public.demo_request_booking_notifications (provider, booking_id, notice,
      channel, created_at)
    select v_current.provider, v_current.booking_id, notice, c.channel, p_now
    from unnest(p_channels) as c (channel)
    on conflict do nothing;
  end if;
  return next;
end
$$;

revoke all on function public.apply_demo_request_booking from public, anon, authenticated;
grant execute on function public.apply_demo_request_booking to service_role;
