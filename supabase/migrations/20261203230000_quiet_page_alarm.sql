-- A quiet page alarm (docs/analytics.md#a-quiet-page-alarm): a source-and-page pair that had
-- views on each of the 7 days up to its last one, and none for QUIET_SOURCE_HOURS since, tells the
-- owner and marketing once by email and, where set, once in Slack and in Teams; and once more when
-- it counts again. The counters keep each pair's last view (to five minutes) and the run of days
-- that led to it; the scheduled job claims each alarm and all-clear per channel before it sends.


-- The pair's last view, its firm day, and the first day of the unbroken run of days with views
-- that ends on it. Null until the pair is shown after this migration.
alter table public.demo_request_funnel_seen
  add column shown_at timestamptz,
  add column shown_day date,
  add column shown_since date;


-- count_funnel_batch as 20261203190000_funnel_origin_room.sql made it, keeping the pair's last
-- view when the batch has one; p_at is when the batch arrived (null: now()). A new signature, so
-- the old one goes; a caller naming its arguments as before still counts.
drop function public.count_funnel_batch(jsonb, text, text, date, text, timestamptz, integer,
  integer, integer, text, text, integer, text);

create function public.count_funnel_batch(
  p_events jsonb,
  p_source text,
  p_page text,
  p_day date,
  p_client_key text,
  p_window_start timestamptz,
  p_client_max integer,
  p_source_pages integer default 200,
  p_day_pairs integer default 1000,
  p_utm_source text default '',
  p_utm_campaign text default '',
  p_source_campaigns integer default 50,
  p_origin text default null,
  p_at timestamptz default null
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_batches integer;
  v_place record;
  v_campaign record;
  -- One shard for the whole batch: its rows are then locked in one order, the statement's.
  v_shard smallint := floor(random() * 16)::smallint;
  -- To the millisecond, as the job's clock reads it back.
  v_at timestamptz := date_trunc('milliseconds', coalesce(p_at, now()));
begin
  if exists (select from jsonb_to_recordset(p_events) as e (event text)
      where e.event in ('sent', 'held', 'routed', 'booked', 'cancelled')) then
    raise exception 'count_funnel_batch counts page events only';
  end if;
  insert into public.demo_request_funnel_rate_limits as l (client_key, window_start, batches)
  values (p_client_key, p_window_start, 1)
  on conflict (client_key, window_start) do update set batches = l.batches + 1
  returning l.batches into v_batches;
  if v_batches > p_client_max then
    return false;
  end if;
  select * into v_place
  from public.demo_request_funnel_admit(p_day, p_source, p_page, p_source_pages, p_day_pairs,
    p_origin);
  insert into public.demo_request_funnel_counts as c (day, source, page, event, field, code,
    shard, n)
  select p_day, v_place.source, v_place.page, e.event, coalesce(e.field, ''),
    coalesce(e.code, ''), v_shard, count(*)
  from jsonb_to_recordset(p_events) as e (event text, field text, code text)
  group by e.event, coalesce(e.field, ''), coalesce(e.code, '')
  order by e.event, coalesce(e.field, ''), coalesce(e.code, '')
  on conflict (day, source, page, event, field, code, shard) do update set n = c.n + excluded.n;
  -- The pair's last view, for the quiet page alarm: written when the day changes or the one kept
  -- is five minutes old, so a busy page's batches in between add no write (the update finds no
  -- row to change). Its run of days with views goes on from yesterday, or starts today.
  if v_place.page <> 'other' and exists (select from jsonb_to_recordset(p_events) as e (event text)
      where e.event = 'shown') then
    update public.demo_request_funnel_seen s
    set shown_at = greatest(s.shown_at, v_at),
      shown_since = case when s.shown_day >= p_day - 1 then s.shown_since else p_day end,
      shown_day = greatest(s.shown_day, p_day)
    where s.source = v_place.source and s.page = v_place.page
      and (s.shown_day is null or s.shown_day < p_day
        or s.shown_at < v_at - interval '5 minutes');
  end if;
  if coalesce(p_utm_source, '') = '' and coalesce(p_utm_campaign, '') = '' then
    return true;
  end if;
  select * into v_campaign
  from public.demo_request_funnel_admit_campaign(p_day, v_place.source, coalesce(p_utm_source, ''),
    coalesce(p_utm_campaign, ''), p_source_campaigns);
  insert into public.demo_request_funnel_campaign_counts as c (day, source, utm_source,
    utm_campaign, event, shard, n)
  select p_day, v_place.source, v_campaign.utm_source, v_campaign.utm_campaign, e.event, v_shard,
    count(*)
  from jsonb_to_recordset(p_events) as e (event text)
  where e.event in ('shown', 'started', 'send-tried', 'booking-shown', 'booking-link-used',
    'not-now')
  group by e.event
  order by e.event
  on conflict (day, source, utm_source, utm_campaign, event, shard)
    do update set n = c.n + excluded.n;
  return true;
end
$$;

revoke all on function public.count_funnel_batch from public, anon, authenticated;
grant execute on function public.count_funnel_batch to service_role;

-- One row per pair, quiet spell (the pair's last view when it went quiet), kind and channel:
-- the claim written before an alarm or its all-clear is sent, so two runs of the job, or a run
-- after a restart, send each once.
create table public.demo_request_quiet_alarms (
  source text not null check (char_length(source) <= 100),
  page text not null check (char_length(page) <= 1000),
  last_view timestamptz not null,
  kind text not null check (kind in ('quiet', 'back')),
  channel text not null check (channel in ('email', 'slack', 'teams')),
  -- For an all-clear: the view that ended the spell.
  back_at timestamptz,
  status text not null default 'waiting' check (status in ('waiting', 'sent', 'dead', 'moot')),
  tries integer not null default 0,
  lease_until timestamptz not null default '-infinity',
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (source, page, last_view, kind, channel)
);
alter table public.demo_request_quiet_alarms enable row level security;

comment on table public.demo_request_quiet_alarms is 'Each quiet page alarm and all-clear claimed, once per source-and-page pair, quiet spell and channel; no visitor data.';

revoke all on table public.demo_request_quiet_alarms
  from public, anon, authenticated, service_role, console_staff_role;

-- Reached through the definer functions below alone, as the reports' claims are.
create policy "reached through the quiet alarm functions alone"
  on public.demo_request_quiet_alarms
  as restrictive
  for all
  to service_role, console_staff_role
  using (false)
  with check (false);


-- Claims the alarms and all-clears due at p_now on p_channels, at most p_limit, each leased for
-- p_lease_seconds. A pair is quiet when its last view is p_quiet_hours old and its run of days
-- with views held 7 days; only spells of the last 30 days (the pairs' memory) are raised. An
-- alarm not yet sent whose page counts again is moot; one sent gets its all-clear on the same
-- channel. Each claim names the owner's and marketing's addresses. Two runs at once claim each
-- once: the insert's key and `skip locked` keep them apart.
create function public.quiet_claim_due(
  p_now timestamptz,
  p_quiet_hours integer,
  p_channels text[],
  p_lease_seconds integer,
  p_limit integer,
  p_max_tries integer default 8
)
returns table (source text, page text, last_view timestamptz, kind text, channel text,
  back_at timestamptz, tries integer, recipients text[])
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  insert into public.demo_request_quiet_alarms (source, page, last_view, kind, channel)
  select s.source, s.page, s.shown_at, 'quiet', c.channel
  from public.demo_request_funnel_seen s
  cross join unnest(p_channels) as c (channel)
  where s.shown_at <= p_now - make_interval(hours => p_quiet_hours)
    and s.shown_at > p_now - interval '30 days'
    and s.shown_day - s.shown_since >= 6
  on conflict on constraint demo_request_quiet_alarms_pkey do nothing;

  -- Not in flight (its lease over): a run sending it still records it sent, and its all-clear
  -- follows.
  update public.demo_request_quiet_alarms a
  set status = 'moot'
  from public.demo_request_funnel_seen s
  where a.kind = 'quiet' and a.status = 'waiting' and a.lease_until <= p_now
    and s.source = a.source and s.page = a.page and s.shown_at > a.last_view;

  insert into public.demo_request_quiet_alarms (source, page, last_view, kind, channel, back_at)
  select a.source, a.page, a.last_view, 'back', a.channel, s.shown_at
  from public.demo_request_quiet_alarms a
  join public.demo_request_funnel_seen s on s.source = a.source and s.page = a.page
  where a.kind = 'quiet' and a.status = 'sent' and s.shown_at > a.last_view
  on conflict on constraint demo_request_quiet_alarms_pkey do nothing;

  return query
  with due as (
    select a.source, a.page, a.last_view, a.kind, a.channel
    from public.demo_request_quiet_alarms a
    where a.status = 'waiting' and a.lease_until <= p_now and a.tries < p_max_tries
    order by a.created_at, a.kind desc
    limit p_limit
    for update of a skip locked
  )
  update public.demo_request_quiet_alarms a
  set lease_until = p_now + make_interval(secs => p_lease_seconds), tries = a.tries + 1
  from due
  where a.source = due.source and a.page = due.page and a.last_view = due.last_view
    and a.kind = due.kind and a.channel = due.channel
  returning a.source, a.page, a.last_view, a.kind, a.channel, a.back_at, a.tries,
    array(select st.email from public.console_staff st
      where st.role in ('owner', 'marketing') order by st.email);
end
$$;

-- A claimed alarm's outcome: sent, or failed and due again at p_retry_at, or dead after its
-- last try.
create function public.quiet_record_outcome(
  p_source text,
  p_page text,
  p_last_view timestamptz,
  p_kind text,
  p_channel text,
  p_sent boolean,
  p_error text,
  p_retry_at timestamptz,
  p_max_tries integer default 8
)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.demo_request_quiet_alarms a
  set status = case when p_sent then 'sent' when a.tries >= p_max_tries then 'dead'
      else 'waiting' end,
    sent_at = case when p_sent then now() else a.sent_at end,
    last_error = case when p_sent then null else left(p_error, 500) end,
    lease_until = case when p_sent then a.lease_until else p_retry_at end
  where a.source = p_source and a.page = p_page and a.last_view = p_last_view
    and a.kind = p_kind and a.channel = p_channel and a.status = 'waiting'
$$;

revoke all on function public.quiet_claim_due, public.quiet_record_outcome
  from public, anon, authenticated, console_staff_role;
grant execute on function public.quiet_claim_due, public.quiet_record_outcome
  to service_role;
