-- The contact fields a deployer turns on with DEMO_REQUEST_FIELDS (email, phone, role, message),
-- so sales can follow a lead up. Nullable: a form without them, and every lead stored before,
-- has none. The limits are the schema's (src/demo-request-limits.ts).
alter table public.demo_requests
  add column email text check (char_length(email) <= 254),
  add column phone text check (char_length(phone) <= 32),
  add column phone_e164 text check (phone_e164 ~ '^\+[1-9][0-9]{6,14}$'),
  add column role text check (char_length(role) <= 100),
  add column message text check (char_length(message) <= 1000);

comment on column public.demo_requests.email is 'The lead''s work email, as typed with its domain lower-cased';
comment on column public.demo_requests.phone is 'The lead''s phone number as typed';
comment on column public.demo_requests.phone_e164 is 'The phone number as E.164, where the typed number named its country';
comment on column public.demo_requests.role is 'The lead''s job title';
comment on column public.demo_requests.message is 'A note from the lead, line breaks as \n';

-- accept_demo_request takes them as well. New parameters change the function's identity (create
-- or replace would add a second overload), so the old one is dropped and the new one created, in
-- this one transaction.
drop function public.accept_demo_request(text, text, text, text, text, text, text, text, text,
  boolean, text, timestamptz, integer, integer, text, text, text, text, text);

-- The same statement as before (see 20261122110000), storing the contact fields too.
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
  p_message text default null
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
    utm_source, utm_medium, utm_campaign, utm_term, utm_content,
    email, phone, phone_e164, role, message)
  values (p_first_name, p_last_name, p_company_name, p_company_size, p_source, p_page_url,
    p_referrer, p_user_agent, p_idempotency_key, p_is_spam,
    case when p_is_spam then 'skipped' else 'pending' end,
    p_utm_source, p_utm_medium, p_utm_campaign, p_utm_term, p_utm_content,
    p_email, p_phone, p_phone_e164, p_role, p_message)
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

-- A new function is executable by PUBLIC, and on Supabase granted to the API roles by default
-- privileges: the grants of the old one are restated, not inherited.
revoke all on function public.accept_demo_request from public, anon, authenticated;
grant execute on function public.accept_demo_request to service_role;
