-- Submissions per client and fixed time window, shared by every instance of the function so a
-- limit holds however many instances serve the form. The client is a SHA-256 of its IP
-- address: enough to count, without keeping the address itself.
create table public.demo_request_rate_limits (
  client_key text not null check (char_length(client_key) = 64),
  window_start timestamptz not null,
  hits integer not null default 0 check (hits >= 0),
  primary key (client_key, window_start)
);

alter table public.demo_request_rate_limits enable row level security;

comment on table public.demo_request_rate_limits is 'Rate-limit counters of the send-demo-request function.';

revoke all on table public.demo_request_rate_limits from public, anon, authenticated;
grant select, insert, update, delete on table public.demo_request_rate_limits to service_role;

create policy "service_role manages rate limits"
  on public.demo_request_rate_limits
  for all
  to service_role
  using (true)
  with check (true);
