-- A flood cannot blind the firm (docs/analytics.md, "What a script can buy"). The day's one bound
-- of 1,000 source-and-page pairs let 1,000 forged batches in the morning put every page first
-- seen later that day, the site's own and a partner's new one alike, under source 'other', page
-- 'other'. Now:
--
-- - a pair seen on one of the 30 days before keeps its own row, whatever the day's flood adds,
--   and a source seen in them keeps at least its page 'other';
-- - a new pair is admitted against the room of the allowed origin its page came through (the
--   entry of ALLOWED_ORIGINS that let it in, a `https://*.partner.com` pattern standing for all
--   its subdomains, or the function's own origin): at most p_day_pairs pairs of an origin are
--   alive (seen in the last 30 days) at once, at most p_source_pages of them a source's, so
--   filling one origin's room leaves the others counted;
-- - a pair alive never counts against the room again, so a flood cannot push out the pages a
--   firm already has.
--
-- Bounded: an origin has at most p_day_pairs pairs alive, so a day counts at most that many own
-- pages per allowed origin, as many sources' 'other' pages (only a source alive gets one), and
-- the one pair 'other', 'other'. The hot path is unchanged: a pair already counted today is one
-- index lookup, as before; the 30 days are read once per pair and day.
--
-- p_day_pairs is ANALYTICS_ORIGIN_PAIRS_MAX now; it keeps its name so that callers naming it, and
-- the report's signature, stay as they were.


-- The origin of a page as the widget writes it (`origin` + `pathname`, src/core/funnel-events.ts):
-- what comes before its path. Null for '' or 'other'.
create function public.demo_request_funnel_origin(p_page text)
returns text
language sql
immutable
set search_path = ''
as $$
  select substring(p_page from '^[a-z][a-z0-9+.-]*://[^/?#]+')
$$;

revoke all on function public.demo_request_funnel_origin from public, anon, authenticated;


-- Every pair with a row of its own (never a page 'other'), the last day it had one, and the
-- allowed origin it was admitted through: the 30 days' memory. One row a pair, so the checks
-- read a pair's row, not 30 days of demo_request_funnel_pages; rows older than 30 days are
-- pruned hourly.
create table public.demo_request_funnel_seen (
  source text not null check (char_length(source) <= 100),
  page text not null check (char_length(page) <= 1000),
  origin text not null check (char_length(origin) <= 300),
  last_day date not null,
  primary key (source, page)
);

-- An origin's, and an origin's source's, pairs alive: counted when a new one is admitted.
create index demo_request_funnel_seen_origin_idx
  on public.demo_request_funnel_seen (origin, source, last_day);

alter table public.demo_request_funnel_seen enable row level security;

comment on table public.demo_request_funnel_seen is 'Source-and-page pairs the funnel has counted under their own row, the last day it did, and the allowed origin each came through; no visitor data.';

revoke all on table public.demo_request_funnel_seen
  from public, anon, authenticated, service_role;
grant select, delete on table public.demo_request_funnel_seen to service_role;

create policy "service_role manages funnel seen pairs"
  on public.demo_request_funnel_seen
  for all
  to service_role
  using (true)
  with check (true);

-- The pairs counted so far, each under its page's own origin (the pattern that let it in is not
-- known now): for 30 days a pattern's room may be larger by those.
insert into public.demo_request_funnel_seen (source, page, origin, last_day)
select f.source, f.page, public.demo_request_funnel_origin(f.page), max(f.day)
from public.demo_request_funnel_pages f
where f.page <> 'other' and public.demo_request_funnel_origin(f.page) is not null
group by f.source, f.page;


-- An allowed origin's room for new pairs on a day: p_day_pairs less its pairs alive when the
-- day's first new one came, less each admitted since. Written under the origin's lock; read
-- without it only to skip the lock once the room is gone, as it stays for the day.
create table public.demo_request_funnel_origin_days (
  day date not null,
  origin text not null check (char_length(origin) <= 300),
  room integer not null,
  primary key (day, origin)
);

alter table public.demo_request_funnel_origin_days enable row level security;

comment on table public.demo_request_funnel_origin_days is 'Room an allowed origin has left for new source-and-page pairs per day; no visitor data.';

revoke all on table public.demo_request_funnel_origin_days
  from public, anon, authenticated, service_role;
grant select, delete on table public.demo_request_funnel_origin_days to service_role;

create policy "service_role manages funnel origin days"
  on public.demo_request_funnel_origin_days
  for all
  to service_role
  using (true)
  with check (true);

comment on table public.demo_request_funnel_pages is 'Source-and-page pairs the funnel counts per day: those seen in the 30 days before, and new ones within their allowed origin''s room (ANALYTICS_ORIGIN_PAIRS_MAX, ANALYTICS_SOURCE_PAGES_MAX); no visitor data.';


-- Where a batch's events are counted on p_day: its own source and page when counted today, seen
-- in the 30 days before, or admitted now within p_origin's room; else its source's page 'other'
-- when the source is alive; else the day's pair 'other', 'other'. p_origin is the allowed origin
-- the page came through (null: the page's own). Called by count_funnel_batch as its owner.
drop function public.demo_request_funnel_admit(date, text, text, integer, integer);

create function public.demo_request_funnel_admit(
  p_day date,
  p_source text,
  p_page text,
  p_source_pages integer,
  p_day_pairs integer,
  p_origin text default null
)
returns table (source text, page text)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  v_origin text;
  v_room integer;
begin
  source := p_source;
  page := p_page;
  -- The hot path: a pair counted today already.
  if exists (select from public.demo_request_funnel_pages f
      where f.day = p_day and f.source = p_source and f.page = p_page) then
    return next;
    return;
  end if;
  -- Seen in the 30 days before: its own row, taking no room, waiting on nothing.
  if exists (select from public.demo_request_funnel_seen s
      where s.source = p_source and s.page = p_page and s.last_day >= p_day - 30) then
    insert into public.demo_request_funnel_pages (day, source, page)
    values (p_day, p_source, p_page)
    on conflict do nothing;
    update public.demo_request_funnel_seen s set last_day = greatest(s.last_day, p_day)
    where s.source = p_source and s.page = p_page;
    return next;
    return;
  end if;
  -- New: within its origin's room, one admission at a time per origin. The room, once gone,
  -- stays gone for the day: read without the lock, it may only say "not yet" wrongly.
  v_origin := coalesce(p_origin, public.demo_request_funnel_origin(p_page));
  select d.room into v_room from public.demo_request_funnel_origin_days d
  where d.day = p_day and d.origin = v_origin;
  if v_origin is not null and coalesce(v_room, 1) > 0 then
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('demo_request_funnel_origin'),
      pg_catalog.hashtext(v_origin));
    -- Under the lock, what an admission before this one committed is seen.
    if exists (select from public.demo_request_funnel_pages f
        where f.day = p_day and f.source = p_source and f.page = p_page) then
      return next;
      return;
    end if;
    select d.room into v_room from public.demo_request_funnel_origin_days d
    where d.day = p_day and d.origin = v_origin;
    if v_room is null then
      v_room := p_day_pairs - (select count(*) from public.demo_request_funnel_seen s
        where s.origin = v_origin and s.last_day >= p_day - 30);
      insert into public.demo_request_funnel_origin_days (day, origin, room)
      values (p_day, v_origin, v_room);
    end if;
    if v_room > 0 and (select count(*) from public.demo_request_funnel_seen s
        where s.origin = v_origin and s.source = p_source and s.last_day >= p_day - 30)
        < p_source_pages then
      insert into public.demo_request_funnel_pages (day, source, page)
      values (p_day, p_source, p_page);
      insert into public.demo_request_funnel_seen as s (source, page, origin, last_day)
      values (p_source, p_page, v_origin, p_day)
      on conflict on constraint demo_request_funnel_seen_pkey
        do update set origin = excluded.origin, last_day = p_day;
      update public.demo_request_funnel_origin_days d set room = d.room - 1
      where d.day = p_day and d.origin = v_origin;
      return next;
      return;
    end if;
  end if;
  -- No room: a source alive (a pair of its own today or in the 30 days before) keeps its row,
  -- under its page 'other'. Sources alive are no more than the pairs alive: bounded too.
  page := 'other';
  if exists (select from public.demo_request_funnel_pages f
      where f.day = p_day and f.source = p_source and f.page = 'other') then
    return next;
    return;
  end if;
  if exists (select from public.demo_request_funnel_seen s
      where s.source = p_source and s.last_day >= p_day - 30) then
    insert into public.demo_request_funnel_pages (day, source, page)
    values (p_day, p_source, 'other')
    on conflict do nothing;
    return next;
    return;
  end if;
  -- A source never seen, past the room: the day's one pair 'other', 'other'.
  source := 'other';
  insert into public.demo_request_funnel_pages (day, source, page)
  values (p_day, 'other', 'other')
  on conflict do nothing;
  return next;
end
$$;

revoke all on function public.demo_request_funnel_admit
  from public, anon, authenticated, service_role;


-- count_funnel_batch as the funnel migration made it, passing the allowed origin the page came
-- through (p_origin; null: the page's own) to demo_request_funnel_admit. A new signature, so
-- the old one goes; a caller naming its arguments as before still counts.
drop function public.count_funnel_batch(jsonb, text, text, date, text, timestamptz, integer,
  integer, integer, text, text, integer);

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
  p_origin text default null
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


-- The report as the lead sums migration made it, folding a lead's page by what its day counted:
-- demo_request_funnel_days is gone, and with it the page bounds the report was asked with
-- (p_source_pages, p_day_pairs), which the counting alone applies now. console_funnel, which
-- passed them on, is made again without them below.
drop function public.demo_request_funnel_range_report(date, date, text[], text, integer, integer,
  integer);

create function public.demo_request_funnel_range_report(
  p_from date,
  p_to date,
  p_sources text[] default null,
  p_time_zone text default 'UTC',
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
  -- The range's leads: the sums of its days summed ($10), the others read live ($11), whose
  -- page and campaign are folded below.
  with lead_events as materialized (
    select s.day, s.source, s.page, s.utm_source, s.utm_campaign, s.event, s.code, s.n,
      s.page_kept, s.campaign_kept
    from public.demo_request_funnel_lead_sums s
    where s.day = any ($10) and s.day >= $1 and ($3 is null or s.source = any ($3))
    union all
    select l.*, false, false
    from public.demo_request_funnel_lead_events_on($11, $3, $4) l
  ),
  pairs as (
    select distinct l.day, l.source, l.page from lead_events l where not l.page_kept
  ),
  -- A pair its day did not count keeps its page unless that day folded pages: an origin's room
  -- gone, or its source under its page 'other'. Then it folds into its source's 'other' where
  -- the source counted that day, else into the day's 'other'.
  folded as materialized (
    select p.day, p.source, p.page,
      case when k.page_kept or k.source_kept then p.source else 'other' end as to_source,
      case when k.page_kept then p.page else 'other' end as to_page
    from pairs p
    cross join lateral (
      select
        exists (select from public.demo_request_funnel_pages f
            where f.day = p.day and f.source = p.source and f.page = p.page)
          or (not exists (select from public.demo_request_funnel_origin_days o
              where o.day = p.day and o.room <= 0)
            and not exists (select from public.demo_request_funnel_pages f
              where f.day = p.day and f.source = p.source and f.page = 'other')) as page_kept,
        exists (select from public.demo_request_funnel_pages f
            where f.day = p.day and f.source = p.source) as source_kept
    ) k
  ),
  campaigns as (
    select distinct l.day, l.source, l.utm_source, l.utm_campaign
    from lead_events l
    where not l.campaign_kept and (l.utm_source <> '' or l.utm_campaign <> '')
  ),
  -- One indexed lookup a pair (a scalar subquery with `limit 1`), computed once: an `exists`
  -- here was run as a hash of the whole campaigns table each time, 85 ms of the 90-day
  -- funnel's 215 ms on 2 M counter rows (`npm run bench -- funnel`).
  campaigns_folded as materialized (
    select c.day, c.source, c.utm_source, c.utm_campaign, k.kept
    from campaigns c
    cross join lateral (
      select coalesce((select true from public.demo_request_funnel_campaigns k
          where k.day = c.day and k.source = c.source and k.utm_source = c.utm_source
            and k.utm_campaign = c.utm_campaign limit 1), false)
        or (select count(*) from public.demo_request_funnel_campaigns k where k.day = c.day
          and k.source = c.source and (k.utm_source, k.utm_campaign) <> ('other', 'other'))
          < $5 as kept
    ) k
  ),
  -- The sums' rows a part reads: the whole weeks summed ($8) and the other days summed ($9).
  page_sums as (
    select s.source, s.page, sum(s.shown) as shown, sum(s.started) as started,
      sum(s.field_error) as field_error, sum(s.field_empty) as field_empty,
      sum(s.send_tried) as send_tried, sum(s.refused) as refused,
      sum(s.booking_shown) as booking_shown, sum(s.booking_link_used) as booking_link_used,
      sum(s.not_now) as not_now, sum(s.sent) as sent, sum(s.held) as held,
      sum(s.routed) as routed, sum(s.booked) as booked, sum(s.cancelled) as cancelled
    from public.demo_request_funnel_page_sums s
    where ((s.span = 7 and s.day = any ($8)) or (s.span = 1 and s.day = any ($9)))
      and ($3 is null or s.source = any ($3))
    group by s.source, s.page
  ),
  campaign_sums as (
    select s.utm_source, s.utm_campaign, sum(s.shown) as shown, sum(s.started) as started,
      sum(s.send_tried) as send_tried, sum(s.booking_shown) as booking_shown,
      sum(s.booking_link_used) as booking_link_used, sum(s.not_now) as not_now
    from public.demo_request_funnel_campaign_sums s
    where ((s.span = 7 and s.day = any ($8)) or (s.span = 1 and s.day = any ($9)))
      and ($3 is null or s.source = any ($3))
    group by s.utm_source, s.utm_campaign
  )
  -- Each part: its sums, and the counters of the days not summed yet ($7).
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
    where c.day = any ($7) and c.day >= $1 and ($3 is null or c.source = any ($3))
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
    where ((s.span = 7 and s.day = any ($8)) or (s.span = 1 and s.day = any ($9)))
      and ($3 is null or s.source = any ($3))
    union all
    select c.event, c.field, c.code, c.n
    from public.demo_request_funnel_counts c
    where c.day = any ($7) and c.day >= $1 and c.field <> ''
      and ($3 is null or c.source = any ($3))
  ) d
  group by d.event, d.field, d.code
  union all
  select 'day', d.day, '', '', '', '', d.event, '', '', sum(d.n)::bigint
  from (
    select s.day, e.event, e.n
    from public.demo_request_funnel_day_steps s
    cross join lateral (values ('shown', s.shown), ('started', s.started)) as e (event, n)
    where s.day between $6 and $2 and s.day <> all ($7) and e.n <> 0
      and ($3 is null or s.source = any ($3))
    union all
    select c.day, c.event, c.n
    from public.demo_request_funnel_counts c
    where c.day = any ($7) and c.event in ('shown', 'started')
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
    where s.day = any ($10) and s.day < $1 and ($3 is null or s.source = any ($3))
    union all
    select l.day, l.event, l.n
    from public.demo_request_funnel_lead_events_on($12, $3, $4, false) l
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
    where c.day = any ($7) and c.day >= $1 and ($3 is null or c.source = any ($3))
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
  using p_from, p_to, p_sources, p_time_zone, p_source_campaigns, v_since, v_unsummed, v_weeks,
    v_days, v_lead_days, v_live_days, v_live_before;
end
$$;

revoke all on function public.demo_request_funnel_range_report from public, anon, authenticated;
grant execute on function public.demo_request_funnel_range_report to service_role;

-- The funnel for the console as the funnel migration made it, asking the report above without
-- the page bounds.
drop function public.console_funnel(date, date, text, text, integer, integer, integer);

create function public.console_funnel(
  p_from date,
  p_to date,
  p_source text default null,
  p_time_zone text default 'UTC',
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
    p_source_campaigns);
end
$$;

-- The staff's role alone, as the console role migration left the one this replaces.
revoke all on function public.console_funnel from public, anon, authenticated;
grant execute on function public.console_funnel to console_staff_role;


drop table public.demo_request_funnel_days;
