-- The secrets client keys are made with, one a UTC day. A client key is an HMAC of the client's
-- address (an IPv6 address's prefix) under the secret of the day its rate-limit window starts
-- in, so every hit of one window counts under one key, and a key whose secret is gone cannot be
-- tested against guessed addresses. The database makes and deletes them, so every instance of
-- the function and the local server share them with no setting to keep.
create table public.demo_request_client_key_secrets (
  valid_from timestamptz primary key,
  valid_until timestamptz not null check (valid_until > valid_from),
  secret text not null check (char_length(secret) = 64)
);

alter table public.demo_request_client_key_secrets enable row level security;

comment on table public.demo_request_client_key_secrets is 'Daily secrets of the send-demo-request function''s client keys; deleted once no current rate-limit window uses them.';

-- Made only by demo_request_client_key_secret, as its owner; the function role reads and prunes.
revoke all on table public.demo_request_client_key_secrets
  from public, anon, authenticated, service_role;
grant select, delete on table public.demo_request_client_key_secrets to service_role;

create policy "service_role manages client-key secrets"
  on public.demo_request_client_key_secrets
  for all
  to service_role
  using (true)
  with check (true);

-- The secret for a window starting at p_window_start: its UTC day's, made by the first caller
-- of the day. Making one also deletes the days before yesterday: their windows have all ended,
-- while a window that started yesterday evening may still be counting under yesterday's.
create function public.demo_request_client_key_secret(p_window_start timestamptz)
returns table (secret text, valid_from timestamptz, valid_until timestamptz)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  day_start timestamptz := date_bin('24 hours', p_window_start, timestamptz '2000-01-01 00:00:00+00');
begin
  return query select s.secret, s.valid_from, s.valid_until
    from public.demo_request_client_key_secrets s where s.valid_from = day_start;
  if found then
    return;
  end if;
  -- gen_random_uuid draws on the server's strong random source and needs no extension (PGlite
  -- has none loaded): two version-4 UUIDs without their dashes hold 244 random bits.
  insert into public.demo_request_client_key_secrets (valid_from, valid_until, secret)
  values (day_start, day_start + interval '24 hours',
    replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
  on conflict (valid_from) do nothing;
  delete from public.demo_request_client_key_secrets s
    where s.valid_until <= day_start - interval '24 hours';
  -- A new statement: it sees the row of a caller that made the day's secret first.
  return query select s.secret, s.valid_from, s.valid_until
    from public.demo_request_client_key_secrets s where s.valid_from = day_start;
end
$$;

revoke all on function public.demo_request_client_key_secret from public, anon, authenticated;
grant execute on function public.demo_request_client_key_secret to service_role;

-- The keys stored so far are unkeyed SHA-256 digests of whole addresses, which can be reversed
-- by hashing every IPv4 address. They go now rather than at the end of their window: each client
-- starts this one window afresh, while everyone's count (demo_request_window_totals) and with it
-- the global limit hold across the deploy.
delete from public.demo_request_rate_limits;
