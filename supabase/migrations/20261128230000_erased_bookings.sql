-- An erased person's booking, kept unclaimed when the erasure came, is not kept either. Cal.com's
-- confirmation (BOOKING_CREATED) can overtake the request naming the lead, and such a booking is
-- stored naming no lead until that request claims it. Erased in between, the lead was gone when
-- the request came, and the booking stayed: its id, time and time zone, a record of the person's
-- demo at the scheduler, with nothing in the database to find it by at erasure (a booking holds no
-- email or name). The request naming the erased lead now deletes it, and any reschedule of it
-- still unclaimed (tests/backend/erasure-leaves-nothing.test.ts).

-- The booking change as the baseline made it, with that delete.
create or replace function public.apply_demo_request_booking(
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
  -- How far along each state is: a booking never goes back to a lower step.
  v_steps constant jsonb :=
    '{"requested": 1, "awaiting_payment": 1, "booked": 2, "rejected": 3, "cancelled": 3,
      "reschedule_requested": 3}';
  v_lead uuid;
  v_before public.demo_requests;
  v_existing public.demo_request_bookings;
  v_row public.demo_request_bookings;
  v_current public.demo_request_bookings;
  v_now_state text;
begin
  -- Well past any provider's retries: what no delivery claimed by then, none will.
  delete from public.demo_request_bookings b
  where b.lead_id is null and b.updated_at < p_now - interval '30 days';

  if v_request ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select d.id into v_lead from public.demo_requests d where d.id = v_request::uuid;
  end if;
  if v_lead is null then
    select b.lead_id into v_lead from public.demo_request_bookings b
    where b.provider = v_provider and b.lead_id is not null
      and b.booking_id in (v_booking, v_replaces, v_replaced_by)
    order by b.booking_id = v_booking desc
    limit 1;
  end if;
  -- A lead deleted since, or never ours: no later delivery would find it either. What an earlier
  -- delivery of this booking left unclaimed was that lead's, so it goes now rather than waiting
  -- out its 30 days: an erased person's booking is not kept (a reschedule of it either).
  if v_lead is null and v_request is not null then
    delete from public.demo_request_bookings b
    where b.provider = v_provider and b.lead_id is null
      and (b.booking_id in (v_booking, v_replaces, v_replaced_by) or b.replaces = v_booking);
    return next;
    return;
  end if;
  if v_lead is not null then
    select * into v_before from public.demo_requests d where d.id = v_lead for update;
  end if;

  insert into public.demo_request_bookings (provider, booking_id, lead_id, state, start_time,
    time_zone, occurred_at, replaces, replaced_by, created_at, updated_at)
  values (v_provider, v_booking, v_lead, v_state, v_start, v_zone, v_occurred, v_replaces,
    case when v_state = 'cancelled' then v_replaced_by end, p_now, p_now)
  on conflict (provider, booking_id) do nothing;
  if not found then
    select * into v_existing from public.demo_request_bookings b
    where b.provider = v_provider and b.booking_id = v_booking
    for update;
    if (v_steps ->> v_state)::int > (v_steps ->> v_existing.state)::int
      or ((v_steps ->> v_state)::int = 1 and (v_steps ->> v_existing.state)::int = 1
        and v_state <> v_existing.state and v_occurred > v_existing.occurred_at) then
      update public.demo_request_bookings b
      set state = v_state, occurred_at = greatest(b.occurred_at, v_occurred),
        lead_id = coalesce(b.lead_id, v_lead), start_time = coalesce(b.start_time, v_start),
        time_zone = case when b.start_time is null then v_zone else b.time_zone end,
        replaces = coalesce(b.replaces, v_replaces),
        replaced_by = coalesce(b.replaced_by,
          case when v_state = 'cancelled' then v_replaced_by end),
        updated_at = p_now
      where b.provider = v_provider and b.booking_id = v_booking;
    else
      -- Its state stays; what an earlier delivery could not know is filled in: the lead of an
      -- unclaimed booking, the time of one known only as replaced, what a reschedule replaces.
      update public.demo_request_bookings b
      set lead_id = coalesce(b.lead_id, v_lead), start_time = coalesce(b.start_time, v_start),
        time_zone = case when b.start_time is null then v_zone else b.time_zone end,
        replaces = coalesce(b.replaces, v_replaces), updated_at = p_now
      where b.provider = v_provider and b.booking_id = v_booking
        and ((b.lead_id is null and v_lead is not null)
          or (b.start_time is null and v_start is not null)
          or (b.replaces is null and v_replaces is not null));
    end if;
  end if;

  select * into v_row from public.demo_request_bookings b
  where b.provider = v_provider and b.booking_id = v_booking;
  if v_lead is null then
    -- A delivery naming the lead may have claimed the booking while this one waited for it.
    v_lead := v_row.lead_id;
    if v_lead is null then
      return next;
      return;
    end if;
    select * into v_before from public.demo_requests d where d.id = v_lead for update;
  end if;
  lead_id := v_lead;

  -- A replacement that came before the booking it replaces, naming no lead itself (Calendly's
  -- new invitee without utm_content, after an outage's retries), is the lead's once its
  -- predecessor is: claimed here, down a chain of reschedules, whichever arrives last.
  loop
    update public.demo_request_bookings b
    set lead_id = v_lead, updated_at = p_now
    where b.provider = v_provider and b.lead_id is null
      and (b.replaces in (select o.booking_id from public.demo_request_bookings o
          where o.provider = v_provider and o.lead_id = v_lead)
        or b.booking_id in (select o.replaced_by from public.demo_request_bookings o
          where o.provider = v_provider and o.lead_id = v_lead));
    exit when not found;
  end loop;

  -- The booking a reschedule replaces is cancelled once the new one is booked, whichever
  -- delivery said what it replaces and whether or not the old one's own word came yet.
  insert into public.demo_request_bookings as b (provider, booking_id, lead_id, state,
    occurred_at, replaced_by, created_at, updated_at)
  select distinct on (n.replaces) n.provider, n.replaces, v_lead, 'cancelled', n.occurred_at,
    n.booking_id, p_now, p_now
  from public.demo_request_bookings n
  where n.provider = v_provider and n.lead_id = v_lead and n.state = 'booked'
    and n.replaces is not null
  order by n.replaces, n.occurred_at desc
  on conflict (provider, booking_id) do update
  set state = 'cancelled', replaced_by = coalesce(b.replaced_by, excluded.replaced_by),
    lead_id = coalesce(b.lead_id, excluded.lead_id),
    occurred_at = greatest(b.occurred_at, excluded.occurred_at), updated_at = p_now
  where b.state <> 'cancelled' or b.replaced_by is null or b.lead_id is null;

  select * into v_current from public.demo_request_bookings b
  where b.lead_id = v_lead and b.state = 'booked'
  order by b.occurred_at desc, b.booking_id desc
  limit 1;
  if v_current.booking_id is null then
    select * into v_current from public.demo_request_bookings b
    where b.lead_id = v_lead and b.state in ('requested', 'awaiting_payment')
    order by b.occurred_at desc, b.booking_id desc
    limit 1;
  end if;
  if v_current.booking_id is null then
    select * into v_current from public.demo_request_bookings b
    where b.lead_id = v_lead
      and b.state in ('rejected', 'cancelled', 'reschedule_requested') and b.replaced_by is null
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
      booking_id = v_current.booking_id, booking_updated_at = p_now,
      booked_at = case when v_now_state = 'booked' then coalesce(d.booked_at, p_now)
        else d.booked_at end
    where d.id = v_lead;
  end if;

  -- What sales hear: a booking they have not been told of, or the end of the one they were
  -- (with no booked one left, it was cancelled, or the host asked for a new time); the rest is
  -- only stored.
  if v_now_state = 'booked' and (v_before.booking_state is distinct from 'booked'
      or v_before.booking_id is distinct from v_current.booking_id
      or v_before.booking_provider is distinct from v_current.provider) then
    notice := 'booked';
    notice_provider := v_current.provider;
    notice_booking := v_current.booking_id;
  elsif v_now_state <> 'booked' and v_before.booking_state = 'booked' then
    notice := case when v_now_state = 'reschedule_requested' then 'reschedule_requested'
      else 'cancelled' end;
    notice_provider := v_before.booking_provider;
    notice_booking := v_before.booking_id;
  end if;
  if notice is not null then
    insert into public.demo_request_booking_notifications (provider, booking_id, notice,
      channel, created_at)
    select notice_provider, notice_booking, notice, c.channel, p_now
    from unnest(p_channels) as c (channel)
    on conflict do nothing;
  end if;
  return next;
end
$$;
