-- Demo requests sent through the public form: one row per lead, written only by the
-- send-demo-request function. Visitors never read them back, so the API roles get nothing.
create table public.demo_requests (
  id uuid primary key default gen_random_uuid(),
  first_name text not null check (char_length(first_name) between 1 and 100),
  last_name text not null check (char_length(last_name) between 1 and 100),
  company_name text not null check (char_length(company_name) between 1 and 200),
  company_size text not null
    check (company_size in ('1-5 employees', '6-50 employees', '50-200 employees', '200+ employees')),
  source text check (char_length(source) <= 100),
  page_url text check (char_length(page_url) <= 2000),
  referrer text check (char_length(referrer) <= 2000),
  user_agent text check (char_length(user_agent) <= 500),
  -- A retried submission carries the same key, so it can never become a second row.
  idempotency_key text unique check (char_length(idempotency_key) between 1 and 200),
  -- Filled honeypot: kept for review, never sent to sales.
  is_spam boolean not null default false,
  notification_status text not null default 'pending'
    check (notification_status in ('pending', 'sent', 'failed', 'skipped')),
  notification_attempts integer not null default 0,
  notification_error text check (char_length(notification_error) <= 500),
  notified_at timestamptz,
  created_at timestamptz not null default now()
);

alter table public.demo_requests enable row level security;

comment on table public.demo_requests is 'Leads from the demo-request form; written by the send-demo-request function only.';

-- New tables used to be granted to the API roles by default; say explicitly who may do what.
revoke all on table public.demo_requests from public, anon, authenticated;
grant select, insert, update on table public.demo_requests to service_role;

-- service_role bypasses RLS on Supabase; the policy keeps it working where it does not.
create policy "service_role manages demo requests"
  on public.demo_requests
  for all
  to service_role
  using (true)
  with check (true);

-- The retry command looks for leads sales have not been told about yet.
create index demo_requests_unnotified_idx
  on public.demo_requests (created_at)
  where notification_status in ('pending', 'failed');
