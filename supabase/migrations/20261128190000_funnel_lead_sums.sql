-- The leads' part of the funnel report, summed by the hourly compaction (docs/analytics.md, "Fast
-- on a year"). A 90-day report read each lead of the range and of the period before it from
-- demo_requests, cut its page and converted its day, then folded every source-and-page pair of
-- the range against the day's admitted pages: about half of what the report cost over a year.
-- Here a finished day's leads are one row per page, campaign and event, as the live read gives
-- them, each marked when its page and campaign were kept that day; the days whose leads changed
-- since, and the days not summed (or summed in another time zone), are still read live.


-- A lead's funnel events on the firm's days p_days (in p_time_zone), of p_sources alone when
-- given, per day, source, page, campaign and event: the one derivation that the report's live
-- read and the compaction's sums share. Without p_by_page, page and campaign are ''. Each day is
-- read as its own range of demo_requests_created_idx, so scattered days cost only their leads.
create function public.demo_request_funnel_lead_events_on(
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
  -- The leads are first counted per kind, then each kind's events named: a year's leads are
  -- then a few thousand rows to expand, not one each.
  select l.day, l.source, l.page, l.utm_source, l.utm_campaign, e.event, e.code,
    sum(l.n)::bigint
  from (
    select d.day,
      coalesce(r.source, '') as source,
      case when $4 then public.demo_request_funnel_page(r.page_url) else '' end as page,
      case when $4 then coalesce(r.utm_source, '') else '' end as utm_source,
      case when $4 then coalesce(r.utm_campaign, '') else '' end as utm_campaign,
      r.held_until is not null as held, r.route_rule, r.booked_at is not null as booked,
      r.booked_at is not null and r.booking_state = 'cancelled' as cancelled, count(*) as n
    from (select distinct unnest($1::date[]) as day) d
    join public.demo_requests r
      on r.created_at >= d.day::timestamp at time zone $3
      and r.created_at < (d.day + 1)::timestamp at time zone $3
    where not r.is_spam
      and ($2 is null or coalesce(r.source, '') = any ($2))
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
  using p_days, p_sources, p_time_zone, p_by_page;
end
$$;

revoke all on function public.demo_request_funnel_lead_events_on
  from public, anon, authenticated;
grant execute on function public.demo_request_funnel_lead_events_on to service_role;


-- A finished day's leads as the live read gives them, with whether their page and campaign
-- were kept that day: a kept pair stays kept (the day's pairs are only ever added to), so the
-- report folds only the others, against whatever bounds it is asked with.
create table public.demo_request_funnel_lead_sums (
  day date not null,
  source text not null,
  page text not null,
  utm_source text not null,
  utm_campaign text not null,
  event text not null,
  code text not null,
  n bigint not null check (n > 0),
  page_kept boolean not null,
  campaign_kept boolean not null,
  primary key (day, source, page, utm_source, utm_campaign, event, code)
);

alter table public.demo_request_funnel_lead_sums enable row level security;

comment on table public.demo_request_funnel_lead_sums is 'The funnel events of the leads of a finished day (in demo_request_funnel_lead_summed_days.time_zone) per source, page, campaign and event, written by demo_request_funnel_compact; counts, no personal data.';

revoke all on table public.demo_request_funnel_lead_sums
  from public, anon, authenticated, service_role;
grant select, delete on table public.demo_request_funnel_lead_sums to service_role;

create policy "service_role manages funnel lead sums"
  on public.demo_request_funnel_lead_sums
  for all
  to service_role
  using (true)
  with check (true);


-- The days the lead sums hold, and the time zone their days are in: a report in another zone
-- reads those days live.
create table public.demo_request_funnel_lead_summed_days (
  day date primary key,
  time_zone text not null
);

alter table public.demo_request_funnel_lead_summed_days enable row level security;

revoke all on table public.demo_request_funnel_lead_summed_days
  from public, anon, authenticated, service_role;
grant select, delete on table public.demo_request_funnel_lead_summed_days to service_role;

create policy "service_role manages funnel lead summed days"
  on public.demo_request_funnel_lead_summed_days
  for all
  to service_role
  using (true)
  with check (true);


-- When a lead was sent, for each lead stored, changed in what the funnel counts, or erased since
-- the compaction last summed its day: the report reads the day of each live, and the next
-- compaction sums it afresh. Every insert leaves one, not only a late one: a lead whose
-- transaction began before midnight may commit after the compaction read its day, and its own
-- row, committed with it, is the only trace that cannot miss it.
create table public.demo_request_funnel_lead_marks (
  at timestamptz not null
);

create index demo_request_funnel_lead_marks_at_idx
  on public.demo_request_funnel_lead_marks (at);

alter table public.demo_request_funnel_lead_marks enable row level security;

comment on table public.demo_request_funnel_lead_marks is 'When the leads changed since their day was summed (created_at only), written by a trigger on demo_requests and cleared by demo_request_funnel_compact; no personal data.';

revoke all on table public.demo_request_funnel_lead_marks
  from public, anon, authenticated, service_role;
grant select, delete on table public.demo_request_funnel_lead_marks to service_role;

create policy "service_role manages funnel lead marks"
  on public.demo_request_funnel_lead_marks
  for all
  to service_role
  using (true)
  with check (true);

create function public.demo_request_funnel_mark_lead()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op <> 'INSERT' then
    insert into public.demo_request_funnel_lead_marks (at) values (old.created_at);
  end if;
  if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.created_at <> old.created_at) then
    insert into public.demo_request_funnel_lead_marks (at) values (new.created_at);
  end if;
  return null;
end
$$;

revoke all on function public.demo_request_funnel_mark_lead
  from public, anon, authenticated, service_role;

create trigger demo_requests_funnel_mark_insert
  after insert or delete on public.demo_requests
  for each row execute function public.demo_request_funnel_mark_lead();

-- Only a change to what the funnel counts: the notification columns, updated for every lead,
-- leave no mark.
create trigger demo_requests_funnel_mark_update
  after update on public.demo_requests
  for each row
  when ((old.created_at, old.source, old.page_url, old.utm_source, old.utm_campaign,
      old.is_spam, old.held_until is null, old.route_rule, old.booked_at is null,
      old.booking_state is not distinct from 'cancelled')
    is distinct from (new.created_at, new.source, new.page_url, new.utm_source,
      new.utm_campaign, new.is_spam, new.held_until is null, new.route_rule,
      new.booked_at is null, new.booking_state is not distinct from 'cancelled'))
  execute function public.demo_request_funnel_mark_lead();


-- The days p_days's leads summed afresh in p_time_zone: their marks cleared first, so a change
-- that commits while they are read keeps its mark and its day is read live until the next run.
create function public.demo_request_funnel_sum_leads(p_days date[], p_time_zone text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(cardinality(p_days), 0) = 0 then
    return;
  end if;
  -- Two instances pruning at once would each delete and insert the same days.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('demo_request_funnel_lead_sums'));
  delete from public.demo_request_funnel_lead_marks m
  where (m.at at time zone p_time_zone)::date = any (p_days);
  delete from public.demo_request_funnel_lead_sums s where s.day = any (p_days);
  insert into public.demo_request_funnel_lead_sums (day, source, page, utm_source, utm_campaign,
    event, code, n, page_kept, campaign_kept)
  select l.day, l.source, l.page, l.utm_source, l.utm_campaign, l.event, l.code, l.n,
    exists (select from public.demo_request_funnel_pages f
      where f.day = l.day and f.source = l.source and f.page = l.page),
    exists (select from public.demo_request_funnel_campaigns k
      where k.day = l.day and k.source = l.source and k.utm_source = l.utm_source
        and k.utm_campaign = l.utm_campaign)
  from public.demo_request_funnel_lead_events_on(p_days, null, p_time_zone) l;
  insert into public.demo_request_funnel_lead_summed_days as s (day, time_zone)
  select distinct d, p_time_zone from unnest(p_days) d
  on conflict (day) do update set time_zone = excluded.time_zone;
end
$$;

revoke all on function public.demo_request_funnel_sum_leads
  from public, anon, authenticated, service_role;


-- The compaction as the roll-ups migration made it, now also summing the leads of the days it
-- folds in p_time_zone (SALES_TIME_ZONE), of the days marked since, and of the days the counters
-- have summed but the leads have not in that zone (all of them, the first time it runs).
drop function public.demo_request_funnel_compact(date);

create function public.demo_request_funnel_compact(p_before date, p_time_zone text default 'UTC')
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
  perform public.demo_request_funnel_resum(p_before - 2, p_before - 1);
  insert into public.demo_request_funnel_summed_days (day)
  select d::date from generate_series(p_before - 2, p_before - 1, interval '1 day') d
  on conflict do nothing;

  perform public.demo_request_funnel_sum_leads(array(
    select d::date from generate_series(p_before - 2, p_before - 1, interval '1 day') d
    union
    select (m.at at time zone p_time_zone)::date from public.demo_request_funnel_lead_marks m
    where m.at < p_before::timestamp at time zone p_time_zone
    union
    select s.day from public.demo_request_funnel_summed_days s
    where s.day < p_before and not exists (select from public.demo_request_funnel_lead_summed_days l
      where l.day = s.day and l.time_zone = p_time_zone)
  ), p_time_zone);
end
$$;

revoke all on function public.demo_request_funnel_compact from public, anon, authenticated;
grant execute on function public.demo_request_funnel_compact to service_role;


-- The report as the roll-ups migration made it, its leads now read from their sums for the
-- days summed in p_time_zone and not marked since, live for the others; a pair or campaign kept
-- on its day is not folded again.
create or replace function public.demo_request_funnel_range_report(
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
  v_days date[];
  -- The days whose leads are read from their sums, and the range's and the period before's
  -- other days, read live.
  v_lead_days date[];
  v_live_days date[];
  v_live_before date[];
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
  v_days := array(
    select d::date from generate_series(p_from::timestamp, p_to::timestamp, interval '1 day') d
    where date_trunc('week', d)::date <> all (v_weeks) and d::date <> all (v_unsummed)
  );
  v_lead_days := array(
    select s.day from public.demo_request_funnel_lead_summed_days s
    where s.day between v_since and p_to and s.time_zone = p_time_zone
    except
    select (m.at at time zone p_time_zone)::date from public.demo_request_funnel_lead_marks m
    where m.at >= v_since::timestamp at time zone p_time_zone
      and m.at < (p_to + 1)::timestamp at time zone p_time_zone
  );
  v_live_days := array(
    select d::date from generate_series(p_from::timestamp, p_to::timestamp, interval '1 day') d
    where d::date <> all (v_lead_days)
  );
  v_live_before := array(
    select d::date from generate_series(v_since::timestamp, (p_from - 1)::timestamp,
      interval '1 day') d
    where d::date <> all (v_lead_days)
  );
  return query execute $report$
  -- The range's leads: the sums of its days summed ($12), the others read live ($13), whose
  -- page and campaign are folded below.
  with lead_events as materialized (
    select s.day, s.source, s.page, s.utm_source, s.utm_campaign, s.event, s.code, s.n,
      s.page_kept, s.campaign_kept
    from public.demo_request_funnel_lead_sums s
    where s.day = any ($12) and s.day >= $1 and ($3 is null or s.source = any ($3))
    union all
    select l.*, false, false
    from public.demo_request_funnel_lead_events_on($13, $3, $4) l
  ),
  pairs as (
    select distinct l.day, l.source, l.page from lead_events l where not l.page_kept
  ),
  -- A pair keeps its page where the day kept it or had room for it, else folds into its
  -- source's 'other' where the source kept one or had room, else into the day's 'other'.
  folded as materialized (
    select p.day, p.source, p.page,
      case when k.page_kept or k.source_kept then p.source else 'other' end as to_source,
      case when k.page_kept then p.page else 'other' end as to_page
    from pairs p
    left join public.demo_request_funnel_days d on d.day = p.day
    cross join lateral (
      select
        exists (select from public.demo_request_funnel_pages f
            where f.day = p.day and f.source = p.source and f.page = p.page)
          or (coalesce(d.pairs, 0) < $6 and (select count(*)
            from public.demo_request_funnel_pages f
            where f.day = p.day and f.source = p.source and f.page <> 'other') < $5)
          as page_kept,
        exists (select from public.demo_request_funnel_pages f
            where f.day = p.day and f.source = p.source and f.page = 'other')
          or coalesce(d.pairs, 0) < $6 as source_kept
    ) k
  ),
  campaigns as (
    select distinct l.day, l.source, l.utm_source, l.utm_campaign
    from lead_events l
    where not l.campaign_kept and (l.utm_source <> '' or l.utm_campaign <> '')
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
  -- The sums' rows a part reads: the whole weeks summed ($10) and the other days summed ($11).
  page_sums as (
    select s.source, s.page, sum(s.shown) as shown, sum(s.started) as started,
      sum(s.field_error) as field_error, sum(s.field_empty) as field_empty,
      sum(s.send_tried) as send_tried, sum(s.refused) as refused,
      sum(s.booking_shown) as booking_shown, sum(s.booking_link_used) as booking_link_used,
      sum(s.not_now) as not_now, sum(s.sent) as sent, sum(s.held) as held,
      sum(s.routed) as routed, sum(s.booked) as booked, sum(s.cancelled) as cancelled
    from public.demo_request_funnel_page_sums s
    where ((s.span = 7 and s.day = any ($10)) or (s.span = 1 and s.day = any ($11)))
      and ($3 is null or s.source = any ($3))
    group by s.source, s.page
  ),
  campaign_sums as (
    select s.utm_source, s.utm_campaign, sum(s.shown) as shown, sum(s.started) as started,
      sum(s.send_tried) as send_tried, sum(s.booking_shown) as booking_shown,
      sum(s.booking_link_used) as booking_link_used, sum(s.not_now) as not_now
    from public.demo_request_funnel_campaign_sums s
    where ((s.span = 7 and s.day = any ($10)) or (s.span = 1 and s.day = any ($11)))
      and ($3 is null or s.source = any ($3))
    group by s.utm_source, s.utm_campaign
  )
  -- Each part: its sums, and the counters of the days not summed yet ($9).
  select 'page'::text, null::date, c.source, c.page, ''::text, ''::text, c.event, ''::text,
    ''::text, sum(c.n)::bigint
  from (
    select s.source, s.page, e.event, e.n
    from page_sums s
    cross join lateral (values ('shown', s.shown), ('started', s.started),
      ('field-error', s.field_error), ('field-empty', s.field_empty),
      ('send-tried', s.send_tried), ('refused', s.refused), ('booking-shown', s.booking_shown),
      ('booking-link-used', s.booking_link_used), ('not-now', s.not_now), ('sent', s.sent),
      ('held', s.held), ('routed', s.routed), ('booked', s.booked),
      ('cancelled', s.cancelled)) as e (event, n)
    where e.n <> 0
    union all
    select c.source, c.page, c.event, c.n
    from public.demo_request_funnel_counts c
    where c.day = any ($9) and c.day >= $1 and ($3 is null or c.source = any ($3))
  ) c
  group by c.source, c.page, c.event
  union all
  select 'page', null, coalesce(f.to_source, l.source), coalesce(f.to_page, l.page), '', '',
    l.event, '', '', sum(l.n)::bigint
  from lead_events l
  left join folded f on not l.page_kept and f.day = l.day and f.source = l.source
    and f.page = l.page
  group by 3, 4, l.event
  union all
  select 'field', null, '', '', '', '', d.event, d.field, d.code, sum(d.n)::bigint
  from (
    select s.event, s.field, s.code, s.n
    from public.demo_request_funnel_field_sums s
    where ((s.span = 7 and s.day = any ($10)) or (s.span = 1 and s.day = any ($11)))
      and ($3 is null or s.source = any ($3))
    union all
    select c.event, c.field, c.code, c.n
    from public.demo_request_funnel_counts c
    where c.day = any ($9) and c.day >= $1 and c.field <> ''
      and ($3 is null or c.source = any ($3))
  ) d
  group by d.event, d.field, d.code
  union all
  select 'day', d.day, '', '', '', '', d.event, '', '', sum(d.n)::bigint
  from (
    select s.day, e.event, e.n
    from public.demo_request_funnel_day_steps s
    cross join lateral (values ('shown', s.shown), ('started', s.started)) as e (event, n)
    where s.day between $8 and $2 and s.day <> all ($9) and e.n <> 0
      and ($3 is null or s.source = any ($3))
    union all
    select c.day, c.event, c.n
    from public.demo_request_funnel_counts c
    where c.day = any ($9) and c.event in ('shown', 'started')
      and ($3 is null or c.source = any ($3))
  ) d
  group by d.day, d.event
  union all
  select 'day', l.day, '', '', '', '', l.event, '', '', sum(l.n)::bigint
  from (
    select l.day, l.event, l.n from lead_events l
    union all
    select s.day, s.event, s.n
    from public.demo_request_funnel_lead_sums s
    where s.day = any ($12) and s.day < $1 and ($3 is null or s.source = any ($3))
    union all
    select l.day, l.event, l.n
    from public.demo_request_funnel_lead_events_on($14, $3, $4, false) l
  ) l
  group by l.day, l.event
  union all
  select 'campaign', null, '', '', c.utm_source, c.utm_campaign, c.event, '', '',
    sum(c.n)::bigint
  from (
    select s.utm_source, s.utm_campaign, e.event, e.n
    from campaign_sums s
    cross join lateral (values ('shown', s.shown), ('started', s.started),
      ('send-tried', s.send_tried), ('booking-shown', s.booking_shown),
      ('booking-link-used', s.booking_link_used), ('not-now', s.not_now)) as e (event, n)
    where e.n <> 0
    union all
    select c.utm_source, c.utm_campaign, c.event, c.n
    from public.demo_request_funnel_campaign_counts c
    where c.day = any ($9) and c.day >= $1 and ($3 is null or c.source = any ($3))
  ) c
  group by c.utm_source, c.utm_campaign, c.event
  union all
  select 'campaign', null, '', '',
    case when k.kept is false then 'other' else l.utm_source end,
    case when k.kept is false then 'other' else l.utm_campaign end,
    l.event, '', '', sum(l.n)::bigint
  from lead_events l
  left join campaigns_folded k on not l.campaign_kept and k.day = l.day
    and k.source = l.source and k.utm_source = l.utm_source and k.utm_campaign = l.utm_campaign
  group by 5, 6, l.event
  $report$
  using p_from, p_to, p_sources, p_time_zone, p_source_pages, p_day_pairs, p_source_campaigns,
    v_since, v_unsummed, v_weeks, v_days, v_lead_days, v_live_days, v_live_before;
end
$$;

revoke all on function public.demo_request_funnel_range_report from public, anon, authenticated;
grant execute on function public.demo_request_funnel_range_report to service_role;


drop function public.demo_request_funnel_lead_events_between(date, date, text[], text, boolean);
