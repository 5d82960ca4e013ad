-- Beyond the global limit a lead with a solved proof of work is no longer refused: refusing it
-- let a crowd of addresses shut lead capture for everyone. It is stored with its notifications
-- held, and sales get one digest per window and channel for the held leads instead of one
-- message each, so a flood neither loses a lead nor buries sales in fake ones.
alter table public.demo_requests
  drop constraint demo_requests_notification_status_check,
  add constraint demo_requests_notification_status_check
    check (notification_status in ('pending', 'sent', 'failed', 'skipped', 'held')),
  -- The end of the window the lead was held in: its digest goes out after it.
  add column held_until timestamptz,
  add constraint demo_requests_held_until_check
    check ((notification_status = 'held') = (held_until is not null));

comment on column public.demo_requests.held_until is 'Set on leads stored beyond the global limit: the end of their rate-limit window, after which one digest tells sales about them all';

create index demo_requests_held_until_idx
  on public.demo_requests (held_until, created_at)
  where held_until is not null;

-- One digest per window and channel, sent and retried like a lead's notification (see
-- 20261122090000): claimed until `claimed_until`, its attempts the fencing token.
create table public.demo_request_digests (
  held_until timestamptz not null,
  channel text not null check (channel in ('email', 'webhook')),
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  claimed_until timestamptz,
  last_error text check (char_length(last_error) <= 500),
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (held_until, channel)
);

alter table public.demo_request_digests enable row level security;

comment on table public.demo_request_digests is 'Delivery state of the digest of held demo requests, one row per window and notification channel.';

revoke all on table public.demo_request_digests from public, anon, authenticated, service_role;
-- Deleted by the scheduled pruning once past the week in which a digest can still be made.
grant select, insert, update, delete on table public.demo_request_digests to service_role;

create policy "service_role manages digests"
  on public.demo_request_digests
  for all
  to service_role
  using (true)
  with check (true);

-- A new parameter and result column change the function's identity: dropped and created anew.
drop function public.accept_demo_request(text, text, text, text, text, text, text, text, text,
  boolean, text, timestamptz, integer, integer, text, text, text, text, text, text, text, text,
  text, text);

-- The statement of 20261124230000, holding rather than refusing leads beyond the global limit.
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
  p_global_max integer default null,
  -- Last and optional, so a call written for the old signature still stores its lead.
  p_utm_source text default null,
  p_utm_medium text default null,
  p_utm_campaign text default null,
  p_utm_term text default null,
  p_utm_content text default null,
  -- The contact fields, null when the form lacks one or the visitor left it empty.
  p_email text default null,
  p_phone text default null,
  p_phone_e164 text default null,
  p_role text default null,
  p_message text default null,
  -- Set when every lead carries a solved proof of work: beyond the global limit such a lead is
  -- stored with its notifications held until this moment (its window's end), and no longer
  -- refused. Null keeps the refusal, as without proofs nothing else stops a flood.
  p_held_until timestamptz default null
)
returns table (request_id uuid, created boolean, limited text, held boolean)
language plpgsql
security definer
set search_path = ''
as $$
declare
  hits integer;
  over_limit boolean := false;
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

  insert into public.demo_requests (first_name, last_name, company_name, company_size, source,
    page_url, referrer, user_agent, idempotency_key, is_spam, notification_status,
    utm_source, utm_medium, utm_campaign, utm_term, utm_content,
    email, phone, phone_e164, role, message, held_until)
  values (p_first_name, p_last_name, p_company_name, p_company_size, p_source, p_page_url,
    p_referrer, p_user_agent, p_idempotency_key, p_is_spam,
    case when p_is_spam then 'skipped' when over_limit then 'held' else 'pending' end,
    p_utm_source, p_utm_medium, p_utm_campaign, p_utm_term, p_utm_content,
    p_email, p_phone, p_phone_e164, p_role, p_message,
    case when over_limit and not p_is_spam then p_held_until end)
  on conflict (idempotency_key) do nothing
  returning id into request_id;
  created := request_id is not null;
  held := created and over_limit and not p_is_spam;
  if not created then
    -- A simultaneous request with the same key committed first; this statement sees its row.
    select r.id into request_id from public.demo_requests r
    where r.idempotency_key = p_idempotency_key;
  end if;
  return next;
end
$$;

-- A new function is executable by PUBLIC, and on Supabase granted to the API roles by default
-- privileges: the grants of the old one are restated, not inherited.
revoke all on function public.accept_demo_request from public, anon, authenticated;
grant execute on function public.accept_demo_request to service_role;
