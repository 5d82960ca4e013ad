-- Routing (DEMO_REQUEST_ROUTES): the rule a lead matched is stored with it, so sales see why a
-- lead was offered a booking page or a message, and a retried submission is answered with the
-- same next step as its first try, whatever the rules say by then.

alter table public.demo_requests
  add column route_rule smallint check (route_rule >= 1);

comment on column public.demo_requests.route_rule is 'The rule of DEMO_REQUEST_ROUTES the lead matched, counted from 1; null when none matched or no rules were set';

-- accept_demo_request as in the baseline, now also answering with the stored lead's rule. The
-- rule arrives in p_lead like any column; a new output column needs the function made anew.
drop function public.accept_demo_request(jsonb, text, timestamptz, integer, integer, timestamptz);

create function public.accept_demo_request(
  p_lead jsonb,
  p_client_key text default null,
  p_window_start timestamptz default null,
  p_client_max integer default null,
  p_global_max integer default null,
  p_held_until timestamptz default null
)
returns table (request_id uuid, created boolean, limited text, held boolean, route_rule smallint)
language plpgsql
security definer
set search_path = ''
as $$
declare
  lead public.demo_requests := jsonb_populate_record(null::public.demo_requests, p_lead);
  hits integer;
  over_limit boolean := false;
begin
  -- A retry of a stored request gets the first answer and counts nothing.
  if lead.idempotency_key is not null then
    select r.id, r.route_rule into request_id, route_rule from public.demo_requests r
    where r.idempotency_key = lead.idempotency_key;
    if found then
      created := false;
      return next;
      return;
    end if;
  end if;

  if p_client_key is not null then
    over_limit := p_global_max is not null and (
      select coalesce(sum(t.hits), 0) from public.demo_request_window_totals t
      where t.window_start = p_window_start
    ) >= p_global_max;
    -- Refused before anything is written, so rotating addresses cannot grow either table. A
    -- held lead is written: it paid with a proof of work, and the totals raise the difficulty.
    if over_limit and p_held_until is null then
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

  lead.id := gen_random_uuid();
  lead.is_spam := coalesce(lead.is_spam, false);
  lead.notification_status :=
    case when lead.is_spam then 'skipped' when over_limit then 'held' else 'pending' end;
  lead.notification_attempts := 0;
  lead.notification_error := null;
  lead.notified_at := null;
  lead.held_until := case when over_limit and not lead.is_spam then p_held_until end;
  lead.created_at := now();
  insert into public.demo_requests select (lead).*
  on conflict (idempotency_key) do nothing
  returning id into request_id;
  created := request_id is not null;
  route_rule := lead.route_rule;
  held := created and over_limit and not lead.is_spam;
  if not created then
    -- A simultaneous request with the same key committed first; this statement sees its row.
    select r.id, r.route_rule into request_id, route_rule from public.demo_requests r
    where r.idempotency_key = lead.idempotency_key;
  end if;
  return next;
end
$$;

revoke all on function public.accept_demo_request from public, anon, authenticated;
grant execute on function public.accept_demo_request to service_role;
