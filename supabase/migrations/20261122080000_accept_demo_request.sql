-- Accepting a lead in one statement, so each submission costs one round trip: the idempotency
-- check, the client's and everyone's rate limit, and the insert. It runs as its owner (security
-- definer) so callers need only EXECUTE, not rights on the tables, and no `set role` first.
create function public.accept_demo_request(
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
  p_global_max integer default null
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
      select coalesce(sum(l.hits), 0) from public.demo_request_rate_limits l
      where l.window_start = p_window_start
    ) >= p_global_max then
      limited := 'global';
      return next;
      return;
    end if;
    insert into public.demo_request_rate_limits as l (client_key, window_start, hits)
    values (p_client_key, p_window_start, 1)
    on conflict (client_key, window_start) do update set hits = l.hits + 1
    returning l.hits into hits;
    if p_client_max is not null and hits > p_client_max then
      limited := 'client';
      return next;
      return;
    end if;
  end if;

  insert into public.demo_requests (first_name, last_name, company_name, company_size, source,
    page_url, referrer, user_agent, idempotency_key, is_spam, notification_status)
  values (p_first_name, p_last_name, p_company_name, p_company_size, p_source, p_page_url,
    p_referrer, p_user_agent, p_idempotency_key, p_is_spam,
    case when p_is_spam then 'skipped' else 'pending' end)
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

revoke all on function public.accept_demo_request from public, anon, authenticated;
grant execute on function public.accept_demo_request to service_role;

-- Serves both the global count of a window and the removal of expired windows, which runs off
-- the request path.
create index demo_request_rate_limits_window_idx
  on public.demo_request_rate_limits (window_start);

-- On Supabase new tables come with every privilege for service_role; the function role needs
-- only to read leads and record how telling sales went, never to delete or truncate them.
revoke all on table public.demo_requests from service_role;
grant select on table public.demo_requests to service_role;
grant update (notification_status, notification_attempts, notification_error, notified_at)
  on table public.demo_requests to service_role;
revoke all on table public.demo_request_rate_limits from service_role;
grant select, delete on table public.demo_request_rate_limits to service_role;
