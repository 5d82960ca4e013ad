-- How each lead was told to sales, one row per lead and channel (an email, a signed webhook).
-- A worker claims a row until `claimed_until` before sending, so two workers never send the
-- same lead on the same channel, and a failed channel is retried alone. Rows are made when a
-- lead is first dispatched; `demo_requests.notification_status` sums them up for people.
create table public.demo_request_notifications (
  lead_id uuid not null references public.demo_requests (id) on delete cascade,
  channel text not null check (channel in ('email', 'webhook')),
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  -- Also the claim's fencing token: an outcome is recorded only by the attempt that holds it.
  attempts integer not null default 0 check (attempts >= 0),
  claimed_until timestamptz,
  last_error text check (char_length(last_error) <= 500),
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (lead_id, channel)
);

alter table public.demo_request_notifications enable row level security;

comment on table public.demo_request_notifications is 'Delivery state of each lead per notification channel; written by the send-demo-request function and the retry command.';

revoke all on table public.demo_request_notifications from public, anon, authenticated;
grant select, insert, update on table public.demo_request_notifications to service_role;

create policy "service_role manages notifications"
  on public.demo_request_notifications
  for all
  to service_role
  using (true)
  with check (true);

-- Workers look for channels not sent yet, fewest attempts first.
create index demo_request_notifications_due_idx
  on public.demo_request_notifications (attempts, created_at)
  where status <> 'sent';
