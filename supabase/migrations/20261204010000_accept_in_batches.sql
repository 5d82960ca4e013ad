-- Leads that arrive while every connection is busy are stored in one call: each element of
-- p_calls is one accept_demo_request, taken in order, so its rate limits, its idempotency key
-- and its owner's turn count exactly as separate calls in that order would. One call for a few
-- leads spares each of them its own statement to parse and plan, its own commit and its own
-- round trip (sql-lead-store.ts batches them; docs/performance.md measures it).
--
-- Each element: {"lead": <accept_demo_request's p_lead>, "client_key", "window_start",
-- "client_max", "global_max", "held_until"}, the limit fields null where there is none.
create function public.accept_demo_requests(p_calls jsonb)
returns table (
  ord integer,
  request_id uuid,
  created boolean,
  limited text,
  held boolean,
  route_rule smallint
)
language plpgsql
security definer
set search_path = ''
as $$
declare
  call jsonb;
  position bigint;
begin
  for call, position in select c.value, c.ordinality
    from jsonb_array_elements(p_calls) with ordinality as c
  loop
    ord := position - 1;
    select a.request_id, a.created, a.limited, a.held, a.route_rule
    into request_id, created, limited, held, route_rule
    from public.accept_demo_request(
      p_lead => call -> 'lead',
      p_client_key => call ->> 'client_key',
      p_window_start => (call ->> 'window_start')::timestamptz,
      p_client_max => (call ->> 'client_max')::integer,
      p_global_max => (call ->> 'global_max')::integer,
      p_held_until => (call ->> 'held_until')::timestamptz
    ) a;
    return next;
  end loop;
end
$$;

revoke all on function public.accept_demo_requests from public, anon, authenticated;
grant execute on function public.accept_demo_requests to service_role;
