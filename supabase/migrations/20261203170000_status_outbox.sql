-- A lead's status changed by staff in the console reaches the CRMs (issue 50: "a status change
-- updates the deal"): the HubSpot deal's stage and the Salesforce Lead's Status, through the one
-- outbox, sent, retried and dead-lettered like every other delivery.
--
-- One row per lead and CRM, not per change: it holds the latest status to send. A change made
-- while an earlier one is still waiting (or being sent) replaces what the row will send, so the
-- CRM ends on the status the lead has now and a retry of an older change can never put it back.
-- `change_id` is the change the row stands for: an attempt that sent an older one does not mark
-- the row sent, and its failure does not count against the newer one.

create table public.demo_request_status_notifications (
  lead_id uuid not null references public.demo_requests (id) on delete cascade,
  channel text not null check (channel in ('hubspot', 'salesforce')),
  change_id bigint not null,
  pipeline_status text not null
    check (pipeline_status in ('new', 'contacted', 'qualified', 'won', 'lost')),
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

alter table public.demo_request_status_notifications enable row level security;

comment on table public.demo_request_status_notifications is 'Delivery to the CRMs of the status staff last gave each lead, one row per lead and CRM; written in the change''s own transaction by console_queue_status_change, sent by the job runner.';

revoke all on table public.demo_request_status_notifications
  from public, anon, authenticated, service_role;
grant select, update on table public.demo_request_status_notifications to service_role;
grant select on table public.demo_request_status_notifications to console_staff_role;

create policy "service_role manages status notifications"
  on public.demo_request_status_notifications
  for all
  to service_role
  using (true)
  with check (true);

create policy "owner and sales read status notifications"
  on public.demo_request_status_notifications
  for select
  to console_staff_role
  using ((select public.console_role() in ('owner', 'sales')));

create index demo_request_status_notifications_due_idx
  on public.demo_request_status_notifications (attempts, created_at)
  where status in ('pending', 'failed');


-- Queues the status change `p_change` for the CRMs the console's function has (`p_channels`),
-- in the change's own transaction. Staff cannot write the outbox: this definer function takes
-- only a status change the caller made in this very transaction (its `at` is the transaction's
-- `now()`, as the stamp trigger set it), so nobody can queue one for a lead they did not change.
-- A row still to be sent (or being sent) is pointed at the newer change; its lease stays, so a
-- worker sending the older status finishes before the newer is claimed. The tries allowed start
-- again from here (retry_base), and attempts stays the claims' fencing token.
create function public.console_queue_status_change(p_change bigint, p_channels text[])
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_rows integer;
begin
  insert into public.demo_request_status_notifications as n
    (lead_id, channel, change_id, pipeline_status, created_at)
  select c.lead_id, ch.channel, c.id, c.value, c.at
  from public.console_lead_changes c
  cross join unnest(p_channels) as ch (channel)
  where c.id = p_change and c.kind = 'status' and c.by_user = auth.uid() and c.at = now()
    and ch.channel in ('hubspot', 'salesforce')
  on conflict (lead_id, channel) do update
    set change_id = excluded.change_id, pipeline_status = excluded.pipeline_status,
      status = 'pending', retry_base = n.attempts, next_attempt_at = null, last_error = null,
      sent_at = null, created_at = excluded.created_at
    where n.change_id < excluded.change_id;
  get diagnostics v_rows = row_count;
  return v_rows;
end
$$;

revoke all on function public.console_queue_status_change(bigint, text[])
  from public, anon, authenticated, service_role;
grant execute on function public.console_queue_status_change(bigint, text[])
  to console_staff_role;


-- The Integrations page and the owner's Retry see the status deliveries beside the others.
create or replace function public.delivery_outbox_rows()
returns table (
  kind text,
  key text,
  lead_id uuid,
  channel text,
  status text,
  attempts integer,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz
)
language sql
stable
set search_path = ''
as $$
  select 'lead', n.lead_id::text, n.lead_id, n.channel, n.status, n.attempts, n.last_error,
    n.sent_at, n.created_at
  from public.demo_request_notifications n
  union all
  select 'digest', to_char(d.held_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), null,
    d.channel, d.status, d.attempts, d.last_error, d.sent_at, d.created_at
  from public.demo_request_digests d
  union all
  select 'booking', b.provider || ':' || b.booking_id || ':' || b.notice, bk.lead_id, b.channel,
    b.status, b.attempts, b.last_error, b.sent_at, b.created_at
  from public.demo_request_booking_notifications b
  left join public.demo_request_bookings bk
    on bk.provider = b.provider and bk.booking_id = b.booking_id
  union all
  select 'no_booking', a.lead_id::text, a.lead_id, a.channel, a.status, a.attempts, a.last_error,
    a.sent_at, a.created_at
  from public.demo_request_no_booking_alerts a
  union all
  select 'status', s.lead_id::text || ':' || s.pipeline_status, s.lead_id, s.channel, s.status,
    s.attempts, s.last_error, s.sent_at, s.created_at
  from public.demo_request_status_notifications s
$$;

create or replace function public.console_retry_dead(p_channel text)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_total integer := 0;
  v_rows integer;
begin
  perform public.console_require_owner('retries deliveries');
  update public.demo_request_notifications
    set status = 'failed', retry_base = attempts, next_attempt_at = null
    where channel = p_channel and status = 'dead';
  get diagnostics v_rows = row_count;
  v_total := v_total + v_rows;
  update public.demo_request_digests
    set status = 'failed', retry_base = attempts, next_attempt_at = null
    where channel = p_channel and status = 'dead';
  get diagnostics v_rows = row_count;
  v_total := v_total + v_rows;
  update public.demo_request_booking_notifications
    set status = 'failed', retry_base = attempts, next_attempt_at = null
    where channel = p_channel and status = 'dead';
  get diagnostics v_rows = row_count;
  v_total := v_total + v_rows;
  update public.demo_request_no_booking_alerts
    set status = 'failed', retry_base = attempts, next_attempt_at = null
    where channel = p_channel and status = 'dead';
  get diagnostics v_rows = row_count;
  v_total := v_total + v_rows;
  update public.demo_request_status_notifications
    set status = 'failed', retry_base = attempts, next_attempt_at = null
    where channel = p_channel and status = 'dead';
  get diagnostics v_rows = row_count;
  v_total := v_total + v_rows;
  perform public.console_audit_record('retry_deliveries', null,
    jsonb_build_object('channel', p_channel, 'rows', v_total));
  return v_total;
end
$$;
