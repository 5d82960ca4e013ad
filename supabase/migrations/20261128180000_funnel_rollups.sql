-- The funnel's sums at the grain each part of the report reads (docs/analytics.md, "Fast on a
-- year"). A 90-day report read about 200,000 rows: the week sums one row per page and event, the
-- day sums for the chart and the fields scanned whole, the campaign counters of every day, and a
-- call of demo_request_funnel_page per lead that the planner could not inline. Here each part
-- reads sums of its own: a page's week or day is one row with a column per event, the chart's
-- day one row per source, the fields and campaigns by week where the week is whole.


-- The same cut, at the first ? or #, made by splitting rather than by a regular expression,
-- which cost about 100 µs a lead (more than the rest of the report); and without a SET clause,
-- its calls named in full, so that the planner inlines it into the report's scan of the leads
-- rather than calling it once per lead.
create or replace function public.demo_request_funnel_page(p_url text)
returns text
language sql
immutable
as $$
  select pg_catalog.left(
    coalesce(pg_catalog.split_part(pg_catalog.split_part(p_url, '?', 1), '#', 1), ''), 1000)
$$;

revoke all on function public.demo_request_funnel_page from public, anon, authenticated;
grant execute on function public.demo_request_funnel_page to service_role;


-- The counters per source and page over a day (span 1) or a week from its Monday (span 7), one
-- column per event: what the report's per-page part reads for the days and whole weeks summed.
create table public.demo_request_funnel_page_sums (
  span smallint not null check (span in (1, 7)),
  day date not null check (span = 1 or extract(isodow from day) = 1),
  source text not null,
  page text not null,
  shown bigint not null default 0,
  started bigint not null default 0,
  field_error bigint not null default 0,
  field_empty bigint not null default 0,
  send_tried bigint not null default 0,
  refused bigint not null default 0,
  booking_shown bigint not null default 0,
  booking_link_used bigint not null default 0,
  not_now bigint not null default 0,
  -- The events a lead brings, counted by the counters only before the leads were read instead.
  sent bigint not null default 0,
  held bigint not null default 0,
  routed bigint not null default 0,
  booked bigint not null default 0,
  cancelled bigint not null default 0,
  primary key (span, day, source, page)
);

alter table public.demo_request_funnel_page_sums enable row level security;

comment on table public.demo_request_funnel_page_sums is 'The funnel counters summed per day (span 1) or week (span 7), source and page, a column per event, written by demo_request_funnel_compact; no visitor data.';

revoke all on table public.demo_request_funnel_page_sums
  from public, anon, authenticated, service_role;
grant select, delete on table public.demo_request_funnel_page_sums to service_role;

create policy "service_role manages funnel page sums"
  on public.demo_request_funnel_page_sums
  for all
  to service_role
  using (true)
  with check (true);


-- The counters about a field per source over a day or a week: the drop-off per field.
create table public.demo_request_funnel_field_sums (
  span smallint not null check (span in (1, 7)),
  day date not null check (span = 1 or extract(isodow from day) = 1),
  source text not null,
  event text not null,
  field text not null check (field <> ''),
  code text not null,
  n bigint not null check (n >= 0),
  primary key (span, day, source, event, field, code)
);

alter table public.demo_request_funnel_field_sums enable row level security;

comment on table public.demo_request_funnel_field_sums is 'The funnel counters about a field summed per day (span 1) or week (span 7) and source, written by demo_request_funnel_compact; no visitor data.';

revoke all on table public.demo_request_funnel_field_sums
  from public, anon, authenticated, service_role;
grant select, delete on table public.demo_request_funnel_field_sums to service_role;

create policy "service_role manages funnel field sums"
  on public.demo_request_funnel_field_sums
  for all
  to service_role
  using (true)
  with check (true);


-- Views and starts per day and source: the chart by day and its previous period.
create table public.demo_request_funnel_day_steps (
  day date not null,
  source text not null,
  shown bigint not null default 0,
  started bigint not null default 0,
  primary key (day, source)
);

alter table public.demo_request_funnel_day_steps enable row level security;

comment on table public.demo_request_funnel_day_steps is 'The funnel''s views and starts per day and source, written by demo_request_funnel_compact; no visitor data.';

revoke all on table public.demo_request_funnel_day_steps
  from public, anon, authenticated, service_role;
grant select, delete on table public.demo_request_funnel_day_steps to service_role;

create policy "service_role manages funnel day steps"
  on public.demo_request_funnel_day_steps
  for all
  to service_role
  using (true)
  with check (true);


-- The campaign counters per source and campaign over a day or a week, a column per event.
create table public.demo_request_funnel_campaign_sums (
  span smallint not null check (span in (1, 7)),
  day date not null check (span = 1 or extract(isodow from day) = 1),
  source text not null,
  utm_source text not null,
  utm_campaign text not null,
  shown bigint not null default 0,
  started bigint not null default 0,
  send_tried bigint not null default 0,
  booking_shown bigint not null default 0,
  booking_link_used bigint not null default 0,
  not_now bigint not null default 0,
  primary key (span, day, source, utm_source, utm_campaign)
);

alter table public.demo_request_funnel_campaign_sums enable row level security;

comment on table public.demo_request_funnel_campaign_sums is 'The funnel campaign counters summed per day (span 1) or week (span 7), source and campaign, a column per event, written by demo_request_funnel_compact; no visitor data.';

revoke all on table public.demo_request_funnel_campaign_sums
  from public, anon, authenticated, service_role;
grant select, delete on table public.demo_request_funnel_campaign_sums to service_role;

create policy "service_role manages funnel campaign sums"
  on public.demo_request_funnel_campaign_sums
  for all
  to service_role
  using (true)
  with check (true);


-- The sums of the days p_from to p_to (each whole week touching them too) afresh from the
-- counters: the compaction's last step, and this migration's for the days already summed.
create function public.demo_request_funnel_resum(p_from date, p_to date)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_week_from date := date_trunc('week', p_from::timestamp)::date;
  v_week_to date := date_trunc('week', p_to::timestamp)::date + 6;
begin
  delete from public.demo_request_funnel_page_sums s
  where (s.span = 1 and s.day between p_from and p_to)
    or (s.span = 7 and s.day between v_week_from and v_week_to);
  insert into public.demo_request_funnel_page_sums (span, day, source, page, shown, started,
    field_error, field_empty, send_tried, refused, booking_shown, booking_link_used, not_now,
    sent, held, routed, booked, cancelled)
  select g.span, g.day, c.source, c.page,
    coalesce(sum(c.n) filter (where c.event = 'shown'), 0),
    coalesce(sum(c.n) filter (where c.event = 'started'), 0),
    coalesce(sum(c.n) filter (where c.event = 'field-error'), 0),
    coalesce(sum(c.n) filter (where c.event = 'field-empty'), 0),
    coalesce(sum(c.n) filter (where c.event = 'send-tried'), 0),
    coalesce(sum(c.n) filter (where c.event = 'refused'), 0),
    coalesce(sum(c.n) filter (where c.event = 'booking-shown'), 0),
    coalesce(sum(c.n) filter (where c.event = 'booking-link-used'), 0),
    coalesce(sum(c.n) filter (where c.event = 'not-now'), 0),
    coalesce(sum(c.n) filter (where c.event = 'sent'), 0),
    coalesce(sum(c.n) filter (where c.event = 'held'), 0),
    coalesce(sum(c.n) filter (where c.event = 'routed'), 0),
    coalesce(sum(c.n) filter (where c.event = 'booked'), 0),
    coalesce(sum(c.n) filter (where c.event = 'cancelled'), 0)
  from public.demo_request_funnel_counts c
  cross join lateral (
    select 1::smallint as span, c.day where c.day between p_from and p_to
    union all select 7::smallint, date_trunc('week', c.day::timestamp)::date
  ) g
  where c.day between v_week_from and v_week_to
  group by g.span, g.day, c.source, c.page;

  delete from public.demo_request_funnel_field_sums s
  where (s.span = 1 and s.day between p_from and p_to)
    or (s.span = 7 and s.day between v_week_from and v_week_to);
  insert into public.demo_request_funnel_field_sums (span, day, source, event, field, code, n)
  select g.span, g.day, c.source, c.event, c.field, c.code, sum(c.n)
  from public.demo_request_funnel_counts c
  cross join lateral (
    select 1::smallint as span, c.day where c.day between p_from and p_to
    union all select 7::smallint, date_trunc('week', c.day::timestamp)::date
  ) g
  where c.day between v_week_from and v_week_to and c.field <> ''
  group by g.span, g.day, c.source, c.event, c.field, c.code;

  delete from public.demo_request_funnel_day_steps s where s.day between p_from and p_to;
  insert into public.demo_request_funnel_day_steps (day, source, shown, started)
  select c.day, c.source, coalesce(sum(c.n) filter (where c.event = 'shown'), 0),
    coalesce(sum(c.n) filter (where c.event = 'started'), 0)
  from public.demo_request_funnel_counts c
  where c.day between p_from and p_to and c.event in ('shown', 'started')
  group by c.day, c.source;

  delete from public.demo_request_funnel_campaign_sums s
  where (s.span = 1 and s.day between p_from and p_to)
    or (s.span = 7 and s.day between v_week_from and v_week_to);
  insert into public.demo_request_funnel_campaign_sums (span, day, source, utm_source,
    utm_campaign, shown, started, send_tried, booking_shown, booking_link_used, not_now)
  select g.span, g.day, c.source, c.utm_source, c.utm_campaign,
    coalesce(sum(c.n) filter (where c.event = 'shown'), 0),
    coalesce(sum(c.n) filter (where c.event = 'started'), 0),
    coalesce(sum(c.n) filter (where c.event = 'send-tried'), 0),
    coalesce(sum(c.n) filter (where c.event = 'booking-shown'), 0),
    coalesce(sum(c.n) filter (where c.event = 'booking-link-used'), 0),
    coalesce(sum(c.n) filter (where c.event = 'not-now'), 0)
  from public.demo_request_funnel_campaign_counts c
  cross join lateral (
    select 1::smallint as span, c.day where c.day between p_from and p_to
    union all select 7::smallint, date_trunc('week', c.day::timestamp)::date
  ) g
  where c.day between v_week_from and v_week_to
  group by g.span, g.day, c.source, c.utm_source, c.utm_campaign;
end
$$;

revoke all on function public.demo_request_funnel_resum from public, anon, authenticated;


-- The compaction as the funnel migration made it, its sums now those above: the day sums and
-- the week sums per page and event are gone, each part of the report having its own.
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
  perform public.demo_request_funnel_resum(p_before - 2, p_before - 1);
  insert into public.demo_request_funnel_summed_days (day)
  select d::date from generate_series(p_before - 2, p_before - 1, interval '1 day') d
  on conflict do nothing;
end
$$;

drop table public.demo_request_funnel_day_sums;
drop table public.demo_request_funnel_week_sums;

-- The days summed before this migration, in the new sums.
select public.demo_request_funnel_resum(min(day), max(day))
from public.demo_request_funnel_summed_days
having count(*) > 0;


drop function public.demo_request_funnel_lead_events_between(date, date, text[], text);

-- The funnel's events read from the leads (not spam) sent on the firm's days p_from to p_to (in
-- p_time_zone), of p_sources alone when given, per day, source, page, campaign and event, as
-- demo_request_funnel_lead_events derives them (the same events, the same page cut). Without
-- p_by_page, per day and event alone (page and campaign ''): the previous period's chart needs no
-- more, and cutting each lead's page is most of what reading it costs.
create function public.demo_request_funnel_lead_events_between(
  p_from date,
  p_to date,
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
  -- Planned for its own range (EXECUTE), so a long one reads the leads in the table's order
  -- rather than one by one through the index.
  return query execute $leads$
  -- The leads are first counted per kind, then each kind's events named: a year's leads are
  -- then a few thousand rows to expand, not one each.
  select l.day, l.source, l.page, l.utm_source, l.utm_campaign, e.event, e.code,
    sum(l.n)::bigint
  from (
    select (r.created_at at time zone $4)::date as day,
      coalesce(r.source, '') as source,
      case when $5 then public.demo_request_funnel_page(r.page_url) else '' end as page,
      case when $5 then coalesce(r.utm_source, '') else '' end as utm_source,
      case when $5 then coalesce(r.utm_campaign, '') else '' end as utm_campaign,
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
  using p_from, p_to, p_sources, p_time_zone, p_by_page;
end
$$;

revoke all on function public.demo_request_funnel_lead_events_between
  from public, anon, authenticated;
grant execute on function public.demo_request_funnel_lead_events_between to service_role;

-- The report as the funnel migration made it, each part now reading its own sums: the pages'
-- from the page sums, the fields' from the field sums, the whole weeks and the other days summed
-- apart; the chart's from the day steps; the campaigns' from the campaign sums; each with the
-- counters of the days the compaction has not summed yet. The leads of the previous period are
-- read per day alone, and a pair of a lead is folded once, not once per event.
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
  return query execute $report$
  with lead_events as materialized (
    select l.*
    from public.demo_request_funnel_lead_events_between($1, $2, $3, $4) l
  ),
  pairs as (
    select distinct l.day, l.source, l.page from lead_events l where l.day >= $1
  ),
  folded as materialized (
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
  select 'page', null, f.to_source, f.to_page, '', '', l.event, '', '', sum(l.n)::bigint
  from lead_events l
  join folded f on f.day = l.day and f.source = l.source and f.page = l.page
  group by f.to_source, f.to_page, l.event
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
    select l.day, l.event, l.n
    from public.demo_request_funnel_lead_events_between($8, $1 - 1, $3, $4, false) l
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
  left join campaigns_folded k on k.day = l.day and k.source = l.source
    and k.utm_source = l.utm_source and k.utm_campaign = l.utm_campaign
  where l.day >= $1
  group by 5, 6, l.event
  $report$
  using p_from, p_to, p_sources, p_time_zone, p_source_pages, p_day_pairs, p_source_campaigns,
    v_since, v_unsummed, v_weeks, v_days;
end
$$;

revoke all on function public.demo_request_funnel_range_report from public, anon, authenticated;
grant execute on function public.demo_request_funnel_range_report to service_role;
