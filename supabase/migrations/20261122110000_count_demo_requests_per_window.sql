-- Everyone's submissions per rate-limit window, as a running count. accept_demo_request used to
-- sum every client's row of the window on each submission, which grew with the number of
-- visitors in the window: from 0.8 to 1.7 ms a submission over the first 4,000 visitors on
-- PostgreSQL 15. The count is split over sixteen rows a window, picked by the client key, so
-- concurrent submissions seldom wait on one row.
create table public.demo_request_window_totals (
  window_start timestamptz not null,
  shard smallint not null check (shard between 0 and 15),
  hits integer not null default 0 check (hits >= 0),
  primary key (window_start, shard)
);

alter table public.demo_request_window_totals enable row level security;

comment on table public.demo_request_window_totals is 'Everyone''s submissions per rate-limit window, for the send-demo-request function''s global limit.';

-- On Supabase new tables come with every privilege for the API roles. Written only by
-- accept_demo_request, as its owner; the function role reads and prunes.
revoke all on table public.demo_request_window_totals
  from public, anon, authenticated, service_role;
grant select, delete on table public.demo_request_window_totals to service_role;

create policy "service_role manages window totals"
  on public.demo_request_window_totals
  for all
  to service_role
  using (true)
  with check (true);

-- The windows counted so far, so the limit holds across the deploy.
insert into public.demo_request_window_totals (window_start, shard, hits)
select window_start, hashtext(client_key) & 15, sum(hits)
from public.demo_request_rate_limits
group by 1, 2;

-- The same function and signature, counting everyone in the totals. Its grants stay with it.
create or replace function public.accept_demo_request(
  p_first_name text,
  p_last_name text,
  p_company_name text,
  p_company_size text,
  p_source text,
  p_page_url text,
  p_referrer text,
  p_user_agent text,
  p_idempotency_key text,
  p_is_spam boolean,
  -- Without a client key nothing is counted or limited.
  p_client_key text default null,
  p_window_start timestamptz default null,
  p_client_max integer default null,
  p_global_max integer default null,
  -- Last and optional, so a call written for the old signature still stores its lead.
  p_utm_source text default null,
  p_utm_medium text default null,
  p_utm_campaign text default null,
  p_utm_term text default null,
  p_utm_content text default null
)
returns table (request_id uuid, created boolean, limited text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  hits integer;
begin
  -- A retry of a stored request gets the first answer and counts nothing.
  if p_idempotency_key is not null then
    select r.id into request_id from public.demo_requests r
    where r.idempotency_key = p_idempotency_key;
    if found then
      created := false;
      return next;
      return;
    end if;
  end if;

  if p_client_key is not null then
    -- Checked before anything is written, so rotating addresses cannot grow either table.
    if p_global_max is not null and (
      select coalesce(sum(t.hits), 0) from public.demo_request_window_totals t
      where t.window_start = p_window_start
    ) >= p_global_max then
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

  insert into public.demo_requests (first_name, last_name, company_name, company_size, source,
    page_url, referrer, user_agent, idempotency_key, is_spam, notification_status,
    utm_source, utm_medium, utm_campaign, utm_term, utm_content)
  values (p_first_name, p_last_name, p_company_name, p_company_size, p_source, p_page_url,
    p_referrer, p_user_agent, p_idempotency_key, p_is_spam,
    case when p_is_spam then 'skipped' else 'pending' end,
    p_utm_source, p_utm_medium, p_utm_campaign, p_utm_term, p_utm_content)
  on conflict (idempotency_key) do nothing
  returning id into request_id;
  created := request_id is not null;
  if not created then
    -- A simultaneous request with the same key committed first; this statement sees its row.
    select r.id into request_id from public.demo_requests r
    where r.idempotency_key = p_idempotency_key;
  end if;
  return next;
end
$$;
