-- The funnel on a page (docs/analytics.md): views and starts per campaign, bounded as pages are;
-- the report over a range of the firm's days with its previous period; and the console's read of
-- it, which row-level security alone would not bound per source, so console_funnel does.


-- Page events per day, source, utm_source and utm_campaign of the pages opened with a campaign
-- (a page without one is counted by the counters alone), sharded as the counters are. The
-- events about a field are kept by the counters only: per campaign, the steps are what is read.
create table public.demo_request_funnel_campaign_counts (
  day date not null,
  source text not null check (char_length(source) <= 100),
  utm_source text not null check (char_length(utm_source) <= 200),
  utm_campaign text not null check (char_length(utm_campaign) <= 200),
  event text not null
    check (event in ('shown', 'started', 'send-tried', 'booking-shown', 'booking-link-used',
      'not-now')),
  shard smallint not null check (shard between 0 and 15),
  n bigint not null check (n >= 0),
  primary key (day, source, utm_source, utm_campaign, event, shard)
);

alter table public.demo_request_funnel_campaign_counts enable row level security;

comment on table public.demo_request_funnel_campaign_counts is 'Funnel page events per day, source and campaign (utm_source, utm_campaign), each split over 16 shards; no visitor data.';

revoke all on table public.demo_request_funnel_campaign_counts
  from public, anon, authenticated, service_role;
grant select, delete on table public.demo_request_funnel_campaign_counts to service_role;

create policy "service_role manages funnel campaign counts"
  on public.demo_request_funnel_campaign_counts
  for all
  to service_role
  using (true)
  with check (true);


-- The campaigns each source counts a day: at most ANALYTICS_SOURCE_CAMPAIGNS_MAX, then the
-- campaign 'other' (utm_source and utm_campaign both 'other'), so no script buys rows by making
-- up campaigns. Read by the report to fold the leads' campaigns the same way.
create table public.demo_request_funnel_campaigns (
  day date not null,
  source text not null check (char_length(source) <= 100),
  utm_source text not null check (char_length(utm_source) <= 200),
  utm_campaign text not null check (char_length(utm_campaign) <= 200),
  primary key (day, source, utm_source, utm_campaign)
);

alter table public.demo_request_funnel_campaigns enable row level security;

comment on table public.demo_request_funnel_campaigns is 'Campaigns the funnel counts per day and source, within ANALYTICS_SOURCE_CAMPAIGNS_MAX; no visitor data.';

revoke all on table public.demo_request_funnel_campaigns
  from public, anon, authenticated, service_role;
grant select, delete on table public.demo_request_funnel_campaigns to service_role;

create policy "service_role manages funnel campaigns"
  on public.demo_request_funnel_campaigns
  for all
  to service_role
  using (true)
  with check (true);


-- The campaign a batch of p_source on p_day is counted under: its own once admitted, else
-- 'other'. A new one is admitted under a lock per source and day, so concurrent batches never
-- admit more than the bound between them; one seen before never waits.
create function public.demo_request_funnel_admit_campaign(
  p_day date,
  p_source text,
  p_utm_source text,
  p_utm_campaign text,
  p_source_campaigns integer
)
returns table (utm_source text, utm_campaign text)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_variable
begin
  utm_source := p_utm_source;
  utm_campaign := p_utm_campaign;
  if exists (select from public.demo_request_funnel_campaigns c where c.day = p_day
      and c.source = p_source and c.utm_source = p_utm_source
      and c.utm_campaign = p_utm_campaign) then
    return next;
    return;
  end if;
  perform pg_advisory_xact_lock(hashtext('demo_request_funnel_campaigns'),
    hashtext(p_day::text || '/' || p_source));
  if exists (select from public.demo_request_funnel_campaigns c where c.day = p_day
      and c.source = p_source and c.utm_source = p_utm_source
      and c.utm_campaign = p_utm_campaign) then
    return next;
    return;
  end if;
  if (select count(*) from public.demo_request_funnel_campaigns c where c.day = p_day
      and c.source = p_source and (c.utm_source, c.utm_campaign) <> ('other', 'other'))
      < p_source_campaigns then
    insert into public.demo_request_funnel_campaigns (day, source, utm_source, utm_campaign)
    values (p_day, p_source, p_utm_source, p_utm_campaign);
    return next;
    return;
  end if;
  utm_source := 'other';
  utm_campaign := 'other';
  insert into public.demo_request_funnel_campaigns (day, source, utm_source, utm_campaign)
  values (p_day, p_source, 'other', 'other')
  on conflict do nothing;
  return next;
end
$$;

revoke all on function public.demo_request_funnel_admit_campaign
  from public, anon, authenticated, service_role;


-- count_funnel_batch as the baseline made it, now also adding a batch's page events to its
-- campaign's counters (p_utm_source, p_utm_campaign: '' for none) in the same transaction. A new
-- signature, so the old one goes; a caller naming its arguments as before still counts.
drop function public.count_funnel_batch(jsonb, text, text, date, text, timestamptz, integer,
  integer, integer);

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
  p_source_campaigns integer default 50
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
  from public.demo_request_funnel_admit(p_day, p_source, p_page, p_source_pages, p_day_pairs);
  insert into public.demo_request_funnel_counts as c (day, source, page, event, field, code,
    shard, n)
  select p_day, v_place.source, v_place.page, e.event, coalesce(e.field, ''),
    coalesce(e.code, ''), v_shard, count(*)
  from jsonb_to_recordset(p_events) as e (event text, field text, code text)
  group by e.event, coalesce(e.field, ''), coalesce(e.code, '')
  order by e.event, coalesce(e.field, ''), coalesce(e.code, '')
  on conflict (day, source, page, event, field, code, shard) do update set n = c.n + excluded.n;
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


-- Sums per finished day, source and event, with the field and code, but not the page: what the
-- report's chart by day and its drop-off per field read, a tenth of the counters' rows. Written
-- by the compaction for the days it folds (they take no more batches but a late one, which the
-- next run folds in too); the days it has not reached are read from the counters themselves.
create table public.demo_request_funnel_day_sums (
  day date not null,
  source text not null,
  event text not null,
  field text not null,
  code text not null,
  n bigint not null check (n >= 0),
  primary key (day, source, event, field, code)
);

alter table public.demo_request_funnel_day_sums enable row level security;

comment on table public.demo_request_funnel_day_sums is 'The funnel counters of finished days summed over their pages, written by demo_request_funnel_compact; no visitor data.';

revoke all on table public.demo_request_funnel_day_sums
  from public, anon, authenticated, service_role;
grant select, delete on table public.demo_request_funnel_day_sums to service_role;

create policy "service_role manages funnel day sums"
  on public.demo_request_funnel_day_sums
  for all
  to service_role
  using (true)
  with check (true);

-- The days the sums hold: a day absent here is read from the counters.
create table public.demo_request_funnel_summed_days (
  day date primary key
);

alter table public.demo_request_funnel_summed_days enable row level security;

revoke all on table public.demo_request_funnel_summed_days
  from public, anon, authenticated, service_role;
grant select, delete on table public.demo_request_funnel_summed_days to service_role;

create policy "service_role manages funnel summed days"
  on public.demo_request_funnel_summed_days
  for all
  to service_role
  using (true)
  with check (true);


-- Sums per week (from its Monday), source, page and event of the counters: what the report's
-- per-page sums read for the weeks whose seven days are all summed (a 90-day report then reads
-- about a quarter of the rows it would from the counters). Written by the compaction with the
-- day sums, each week re-summed whole from the counters when one of its days is folded.
create table public.demo_request_funnel_week_sums (
  week date not null check (extract(isodow from week) = 1),
  source text not null,
  page text not null,
  event text not null,
  n bigint not null check (n >= 0),
  primary key (week, source, page, event)
);

alter table public.demo_request_funnel_week_sums enable row level security;

comment on table public.demo_request_funnel_week_sums is 'The funnel counters summed per week, source, page and event, written by demo_request_funnel_compact; no visitor data.';

revoke all on table public.demo_request_funnel_week_sums
  from public, anon, authenticated, service_role;
grant select, delete on table public.demo_request_funnel_week_sums to service_role;

create policy "service_role manages funnel week sums"
  on public.demo_request_funnel_week_sums
  for all
  to service_role
  using (true)
  with check (true);


-- The baseline's compaction, now of the campaign counters too, and (re)summing the days it
-- folds into demo_request_funnel_day_sums, all in one statement's snapshot.
create or replace function public.demo_request_funnel_compact(p_before date)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  with moved as (
    delete from public.demo_request_funnel_counts c
    where c.day >= p_before - 2 and c.day < p_before and c.shard <> 0
    returning c.day, c.source, c.page, c.event, c.field, c.code, c.n
  )
  insert into public.demo_request_funnel_counts as c (day, source, page, event, field, code,
    shard, n)
  select m.day, m.source, m.page, m.event, m.field, m.code, 0, sum(m.n)
  from moved m
  group by m.day, m.source, m.page, m.event, m.field, m.code
  on conflict (day, source, page, event, field, code, shard) do update set n = c.n + excluded.n;

  with moved as (
    delete from public.demo_request_funnel_campaign_counts c
    where c.day >= p_before - 2 and c.day < p_before and c.shard <> 0
    returning c.day, c.source, c.utm_source, c.utm_campaign, c.event, c.n
  )
  insert into public.demo_request_funnel_campaign_counts as c (day, source, utm_source,
    utm_campaign, event, shard, n)
  select m.day, m.source, m.utm_source, m.utm_campaign, m.event, 0, sum(m.n)
  from moved m
  group by m.day, m.source, m.utm_source, m.utm_campaign, m.event
  on conflict (day, source, utm_source, utm_campaign, event, shard)
    do update set n = c.n + excluded.n;

  -- The days just folded, summed afresh: a late batch since the last run is then counted.
  delete from public.demo_request_funnel_day_sums s
  where s.day >= p_before - 2 and s.day < p_before;
  insert into public.demo_request_funnel_day_sums (day, source, event, field, code, n)
  select c.day, c.source, c.event, c.field, c.code, sum(c.n)
  from public.demo_request_funnel_counts c
  where c.day >= p_before - 2 and c.day < p_before
  group by c.day, c.source, c.event, c.field, c.code;
  insert into public.demo_request_funnel_summed_days (day)
  select d::date from generate_series(p_before - 2, p_before - 1, interval '1 day') d
  on conflict do nothing;

  delete from public.demo_request_funnel_week_sums w
  where w.week between date_trunc('week', (p_before - 2)::timestamp)::date
    and date_trunc('week', (p_before - 1)::timestamp)::date;
  insert into public.demo_request_funnel_week_sums (week, source, page, event, n)
  select date_trunc('week', c.day::timestamp)::date, c.source, c.page, c.event, sum(c.n)
  from public.demo_request_funnel_counts c
  where c.day >= date_trunc('week', (p_before - 2)::timestamp)::date
    and c.day < date_trunc('week', (p_before - 1)::timestamp)::date + 7
  group by 1, c.source, c.page, c.event;
end
$$;


-- The funnel's events read from the leads (not spam) sent on the firm's days p_from to p_to (in
-- p_time_zone), of p_sources alone when given, per day, source, page, campaign and event, as
-- demo_request_funnel_lead_events derives them (the same events, the same page cut).
create function public.demo_request_funnel_lead_events_between(
  p_from date,
  p_to date,
  p_sources text[] default null,
  p_time_zone text default 'UTC'
)
returns table (day date, source text, page text, utm_source text, utm_campaign text,
  event text, code text, n bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- Planned for its own range (EXECUTE), so a long one reads the leads in the table's order
  -- rather than one by one through the index.
  return query execute $leads$
  -- The leads are first counted per kind, then each kind's events named: a year's leads are
  -- then a few thousand rows to expand, not one each.
  select l.day, l.source, l.page, l.utm_source, l.utm_campaign, e.event, e.code,
    sum(l.n)::bigint
  from (
    select (r.created_at at time zone $4)::date as day,
      coalesce(r.source, '') as source, public.demo_request_funnel_page(r.page_url) as page,
      coalesce(r.utm_source, '') as utm_source, coalesce(r.utm_campaign, '') as utm_campaign,
      r.held_until is not null as held, r.route_rule, r.booked_at is not null as booked,
      r.booked_at is not null and r.booking_state = 'cancelled' as cancelled, count(*) as n
    from public.demo_requests r
    where not r.is_spam
      and r.created_at >= $1::timestamp at time zone $4
      and r.created_at < ($2 + 1)::timestamp at time zone $4
      and ($3 is null or coalesce(r.source, '') = any ($3))
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9
  ) l
  cross join lateral (
    select 'sent'::text as event, ''::text as code
    union all select 'held', '' where l.held
    union all select 'routed', l.route_rule::text where l.route_rule is not null
    union all select 'booked', '' where l.booked
    union all select 'cancelled', '' where l.cancelled
  ) e
  group by l.day, l.source, l.page, l.utm_source, l.utm_campaign, e.event, e.code
  $leads$
  using p_from, p_to, p_sources, p_time_zone;
end
$$;

revoke all on function public.demo_request_funnel_lead_events_between
  from public, anon, authenticated;
grant execute on function public.demo_request_funnel_lead_events_between to service_role;


-- The funnel over the firm's days p_from to p_to (in p_time_zone) and as many days before
-- them, of p_sources alone when given. `part` says which sum a row is:
--   'page'     per source, page and event, from p_from to p_to;
--   'field'    per field, event and code, from p_from to p_to;
--   'day'      per day and event, the steps and held, routed and cancelled, over both periods;
--   'campaign' per utm_source, utm_campaign and event, from p_from to p_to: the pages' events of
--              the pages opened with one, and the leads' of every lead ('' for none).
-- A lead's page folds as the baseline's demo_request_funnel_report folded it, and its campaign as a batch's would
-- have. The counters are read once, for the pages; the days and fields from the day sums where
-- the compaction wrote them, and from the counters only for the days it has not reached.
-- Run by EXECUTE so that each call is planned for its own range: planned once for any range, the
-- query sorted the 90 days' half a million counters rather than hashing them (5 s against 1).
create function public.demo_request_funnel_range_report(
  p_from date,
  p_to date,
  p_sources text[] default null,
  p_time_zone text default 'UTC',
  p_source_pages integer default 200,
  p_day_pairs integer default 1000,
  p_source_campaigns integer default 50
)
returns table (part text, day date, source text, page text, utm_source text,
  utm_campaign text, event text, field text, code text, n bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_since date := p_from - (p_to - p_from + 1);
  v_unsummed date[];
  -- The weeks wholly in the range with all seven days summed, and the range's other days.
  v_weeks date[];
  v_page_days date[];
begin
  if p_to < p_from then
    raise exception 'The report''s days run from p_from to p_to' using errcode = '22023';
  end if;
  v_unsummed := array(
    select d::date from generate_series(v_since, p_to, interval '1 day') d
    where not exists (select from public.demo_request_funnel_summed_days s
      where s.day = d::date)
  );
  v_weeks := array(
    select w::date from generate_series(date_trunc('week', (p_from + 6)::timestamp), (p_to - 6)::timestamp,
      interval '7 days') w
    where (select count(*) from public.demo_request_funnel_summed_days s
      where s.day between w::date and w::date + 6) = 7
  );
  v_page_days := array(
    select d::date from generate_series(p_from::timestamp, p_to::timestamp, interval '1 day') d
    where date_trunc('week', d)::date <> all (v_weeks)
  );
  return query execute $report$
  with lead_events as materialized (
    select l.*
    from public.demo_request_funnel_lead_events_between($8, $2, $3, $4) l
  ),
  pairs as (
    select distinct l.day, l.source, l.page from lead_events l where l.day >= $1
  ),
  folded as (
    select p.day, p.source, p.page,
      case
        when exists (select from public.demo_request_funnel_pages f
            where f.day = p.day and f.source = p.source and f.page = p.page)
          or (coalesce(d.pairs, 0) < $6 and (select count(*)
            from public.demo_request_funnel_pages f
            where f.day = p.day and f.source = p.source and f.page <> 'other') < $5)
          then p.source
        when exists (select from public.demo_request_funnel_pages f
            where f.day = p.day and f.source = p.source and f.page = 'other')
          or coalesce(d.pairs, 0) < $6 then p.source
        else 'other'
      end as to_source,
      case
        when exists (select from public.demo_request_funnel_pages f
            where f.day = p.day and f.source = p.source and f.page = p.page)
          or (coalesce(d.pairs, 0) < $6 and (select count(*)
            from public.demo_request_funnel_pages f
            where f.day = p.day and f.source = p.source and f.page <> 'other') < $5)
          then p.page
        else 'other'
      end as to_page
    from pairs p
    left join public.demo_request_funnel_days d on d.day = p.day
  ),
  campaigns as (
    select distinct l.day, l.source, l.utm_source, l.utm_campaign
    from lead_events l
    where l.day >= $1 and (l.utm_source <> '' or l.utm_campaign <> '')
  ),
  campaigns_folded as (
    select c.day, c.source, c.utm_source, c.utm_campaign,
      exists (select from public.demo_request_funnel_campaigns k where k.day = c.day
          and k.source = c.source and k.utm_source = c.utm_source
          and k.utm_campaign = c.utm_campaign)
        or (select count(*) from public.demo_request_funnel_campaigns k where k.day = c.day
          and k.source = c.source and (k.utm_source, k.utm_campaign) <> ('other', 'other'))
          < $7 as kept
    from campaigns c
  ),
  -- Per day, source, event, field and code: the day sums, and the counters of unsummed days.
  daily as not materialized (
    select s.day, s.event, s.field, s.code, s.n
    from public.demo_request_funnel_day_sums s
    where s.day between $8 and $2 and ($3 is null or s.source = any ($3))
    union all
    select c.day, c.event, c.field, c.code, c.n
    from public.demo_request_funnel_counts c
    where c.day = any ($9) and ($3 is null or c.source = any ($3))
  )
  select 'page'::text, null::date, c.source, c.page, ''::text, ''::text, c.event, ''::text,
    ''::text, sum(c.n)::bigint
  from (
    select w.source, w.page, w.event, w.n
    from public.demo_request_funnel_week_sums w
    where w.week = any ($10) and ($3 is null or w.source = any ($3))
    union all
    select c.source, c.page, c.event, c.n
    from public.demo_request_funnel_counts c
    where c.day = any ($11) and ($3 is null or c.source = any ($3))
  ) c
  group by c.source, c.page, c.event
  union all
  select 'page', null, f.to_source, f.to_page, '', '', l.event, '', '', sum(l.n)::bigint
  from lead_events l
  join folded f on f.day = l.day and f.source = l.source and f.page = l.page
  group by f.to_source, f.to_page, l.event
  union all
  select 'field', null, '', '', '', '', d.event, d.field, d.code, sum(d.n)::bigint
  from daily d
  where d.field <> '' and d.day >= $1
  group by d.event, d.field, d.code
  union all
  select 'day', d.day, '', '', '', '', d.event, '', '', sum(d.n)::bigint
  from daily d
  where d.event in ('shown', 'started')
  group by d.day, d.event
  union all
  select 'day', l.day, '', '', '', '', l.event, '', '', sum(l.n)::bigint
  from lead_events l
  group by l.day, l.event
  union all
  select 'campaign', null, '', '', c.utm_source, c.utm_campaign, c.event, '', '',
    sum(c.n)::bigint
  from public.demo_request_funnel_campaign_counts c
  where c.day between $1 and $2 and ($3 is null or c.source = any ($3))
  group by c.utm_source, c.utm_campaign, c.event
  union all
  select 'campaign', null, '', '',
    case when k.kept is false then 'other' else l.utm_source end,
    case when k.kept is false then 'other' else l.utm_campaign end,
    l.event, '', '', sum(l.n)::bigint
  from lead_events l
  left join campaigns_folded k on k.day = l.day and k.source = l.source
    and k.utm_source = l.utm_source and k.utm_campaign = l.utm_campaign
  where l.day >= $1
  group by 5, 6, l.event
  $report$
  using p_from, p_to, p_sources, p_time_zone, p_source_pages, p_day_pairs, p_source_campaigns,
    v_since, v_unsummed, v_weeks, v_page_days;
end
$$;

revoke all on function public.demo_request_funnel_range_report from public, anon, authenticated;
grant execute on function public.demo_request_funnel_range_report to service_role;


-- The funnel for the console: the report above, for the signed-in staff only, a partner's
-- restricted to its own sources (asking for another gets no rows, not an error), everyone
-- else's to p_source when given. No personal data: sums of counters and of leads.
create function public.console_funnel(
  p_from date,
  p_to date,
  p_source text default null,
  p_time_zone text default 'UTC',
  p_source_pages integer default 200,
  p_day_pairs integer default 1000,
  p_source_campaigns integer default 50
)
returns table (part text, day date, source text, page text, utm_source text,
  utm_campaign text, event text, field text, code text, n bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_role text := public.console_role();
  v_sources text[];
begin
  if v_role is null then
    raise exception 'Only the staff read the funnel' using errcode = '42501';
  end if;
  if v_role = 'partner' then
    v_sources := array(select s from unnest(public.console_sources()) s
      where p_source is null or s = p_source);
  elsif p_source is not null then
    v_sources := array[p_source];
  end if;
  if v_sources = '{}' then
    return;
  end if;
  return query
  select * from public.demo_request_funnel_range_report(p_from, p_to, v_sources, p_time_zone,
    p_source_pages, p_day_pairs, p_source_campaigns);
end
$$;

revoke all on function public.console_funnel from public, anon;
grant execute on function public.console_funnel to authenticated;


-- The baseline's report over the days since one day, in UTC only, is superseded by
-- demo_request_funnel_range_report above: nothing calls it now.
drop function public.demo_request_funnel_report(date, text, integer, integer);
