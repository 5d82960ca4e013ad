-- Every delivery to sales is a row that the one job runner claims, sends and records: a lead's
-- channels (demo_request_notifications), a window's digest (demo_request_digests), a booking
-- change (demo_request_booking_notifications) and, new here, the nudge for a lead that was sent
-- to a booking page and has not booked (demo_request_no_booking_alerts). A lead's own row, written
-- by accept_demo_request with notification_status 'pending', is its entry in this outbox: the
-- channel rows are made from it by the first claim, so nothing waits on them in the lead's
-- statement and a channel set up later is not sent for leads told before it.
--
-- What this adds to each delivery row:
-- - next_attempt_at: a failed row waits until then, the longer of the backoff and what the
--   destination asked for (Retry-After, HubSpot's and Salesforce's limit replies);
-- - status 'dead': the last try failed, or the destination refused the request for good; it is
--   not tried again until someone asks for it (the console's Retry);
-- - retry_base: the attempts made before that Retry, so the tries allowed start again while the
--   attempt count stays the claims' fencing token.

alter table public.demo_request_notifications
  add column next_attempt_at timestamptz,
  add column retry_base integer not null default 0 check (retry_base >= 0),
  drop constraint demo_request_notifications_status_check,
  add constraint demo_request_notifications_status_check
    check (status in ('pending', 'sent', 'failed', 'dead'));

alter table public.demo_request_digests
  add column next_attempt_at timestamptz,
  add column retry_base integer not null default 0 check (retry_base >= 0),
  drop constraint demo_request_digests_status_check,
  add constraint demo_request_digests_status_check
    check (status in ('pending', 'sent', 'failed', 'dead'));

alter table public.demo_request_booking_notifications
  add column next_attempt_at timestamptz,
  add column retry_base integer not null default 0 check (retry_base >= 0),
  drop constraint demo_request_booking_notifications_status_check,
  add constraint demo_request_booking_notifications_status_check
    check (status in ('pending', 'sent', 'failed', 'dead'));

-- Workers look only at rows still to be tried; sent and dead rows are history.
drop index public.demo_request_notifications_due_idx;
create index demo_request_notifications_due_idx
  on public.demo_request_notifications (attempts, created_at)
  where status in ('pending', 'failed');

drop index public.demo_request_booking_notifications_due_idx;
create index demo_request_booking_notifications_due_idx
  on public.demo_request_booking_notifications (attempts, created_at)
  where status in ('pending', 'failed');


-- "Sent but not booked": once per lead and channel, for a lead routed to a booking page with no
-- booking NO_BOOKING_ALERT_SECONDS after it was sent. Rows are made by the claim once the delay
-- has passed, never for a lead that booked, and go with the lead when it is erased.
create table public.demo_request_no_booking_alerts (
  lead_id uuid not null references public.demo_requests (id) on delete cascade,
  channel text not null
    check (channel in ('email', 'webhook', 'hubspot', 'salesforce', 'slack', 'teams')),
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed', 'dead')),
  attempts integer not null default 0 check (attempts >= 0),
  claimed_until timestamptz,
  next_attempt_at timestamptz,
  retry_base integer not null default 0 check (retry_base >= 0),
  last_error text check (char_length(last_error) <= 500),
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (lead_id, channel)
);

alter table public.demo_request_no_booking_alerts enable row level security;

comment on table public.demo_request_no_booking_alerts is 'Delivery state of the nudge for a lead sent to a booking page that has not booked, one row per lead and channel; written by the send-demo-request function and the retry command.';

revoke all on table public.demo_request_no_booking_alerts
  from public, anon, authenticated, service_role;
grant select, insert, update on table public.demo_request_no_booking_alerts to service_role;
grant select on table public.demo_request_no_booking_alerts to console_staff_role;

create policy "service_role manages no-booking alerts"
  on public.demo_request_no_booking_alerts
  for all
  to service_role
  using (true)
  with check (true);

create policy "owner and sales read no-booking alerts"
  on public.demo_request_no_booking_alerts
  for select
  to console_staff_role
  using ((select public.console_role() in ('owner', 'sales')));

create index demo_request_no_booking_alerts_due_idx
  on public.demo_request_no_booking_alerts (attempts, created_at)
  where status in ('pending', 'failed');

