-- The report asked whether a lead's campaign had its own row with `exists`, which PostgreSQL
-- turned into a hash of the whole campaigns table, built each time the report ran: 85 ms of the
-- 90-day funnel's 215 ms on 2 M counter rows (`npm run bench -- funnel`), for the dozen pairs it
-- looks up. One indexed lookup a pair (a scalar subquery with `limit 1`, which is not hashed),
-- computed once (materialized), gives the same rows in about 150 ms.
CREATE OR REPLACE FUNCTION public.demo_request_funnel_range_report(p_from date, p_to date, p_sources text[] DEFAULT NULL::text[], p_time_zone text DEFAULT 'UTC'::text, p_source_pages integer DEFAULT 200, p_day_pairs integer DEFAULT 1000, p_source_campaigns integer DEFAULT 50)
 RETURNS TABLE(part text, day date, source text, page text, utm_source text, utm_campaign text, event text, field text, code text, n bigint)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
  campaigns_folded as materialized (
    select c.day, c.source, c.utm_source, c.utm_campaign, k.kept
    from campaigns c
    cross join lateral (
      select coalesce((select true from public.demo_request_funnel_campaigns k
          where k.day = c.day and k.source = c.source and k.utm_source = c.utm_source
            and k.utm_campaign = c.utm_campaign limit 1), false)
        or (select count(*) from public.demo_request_funnel_campaigns k where k.day = c.day
          and k.source = c.source and (k.utm_source, k.utm_campaign) <> ('other', 'other'))
          < $7 as kept
    ) k
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
$function$

;
