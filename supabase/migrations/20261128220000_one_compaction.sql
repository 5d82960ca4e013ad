-- One compaction at a time. Two at once (two instances of the function pruning in the same hour,
-- or `npm start`'s timer beside its first request's) each deleted a day's sums and inserted them
-- afresh: the second's insert met the first's uncommitted rows and failed on
-- demo_request_funnel_page_sums_pkey ("Pruning failed" in the log). The compaction now takes a
-- transaction-level lock first, so the second waits for the first to commit and then works on
-- what it left; the lock goes with the transaction, so a failed run holds nothing. The lead sums'
-- own lock (demo_request_funnel_sum_leads) is taken inside this one, always in that order.

-- The compaction as the lead sums migration made it, with the lock.
create or replace function public.demo_request_funnel_compact(p_before date,
  p_time_zone text default 'UTC')
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- One compaction at a time, until its transaction ends: a second waits, then finds the shards
  -- folded and sums the same days afresh from what the first committed.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('demo_request_funnel_compact'));
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
