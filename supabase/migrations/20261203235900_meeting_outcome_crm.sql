-- A lead's meeting outcome reaches its CRM records (issue 51: "each change is on the lead's
-- history, and on its CRM record where one is set"): the HubSpot deal's `demo_meeting_outcome`
-- and the Salesforce Lead's SALESFORCE_MEETING_OUTCOME_FIELD, through the status outbox
-- (20261203170000_status_outbox.sql) rather than a second one.
--
-- Its row now stands for what a CRM has yet to take of the lead's status and meeting outcome:
-- `pipeline_status` the status staff last gave it, `meeting_outcome` its outcome now (`pending`
-- for none now: a mark cleared, a new booking, a cancellation, which empties the CRM's field);
-- null for a part that has not changed since the CRM took the row, which the CRM is not sent, so
-- a stage moved in HubSpot by hand is not put back when only the meeting changed. A change
-- while the row waits adds to what it will send. `change_id` is now the row's version, raised by
-- each change: an attempt that sent an older version does not mark the row sent.

alter table public.demo_request_status_notifications
  alter column pipeline_status drop not null,
  add column meeting_outcome text
    check (meeting_outcome in ('met', 'no_show', 'host_absent', 'pending')),
  add constraint demo_request_status_notifications_change_check
    check (pipeline_status is not null or meeting_outcome is not null);

comment on table public.demo_request_status_notifications is 'Delivery to the CRMs of what they have yet to take of each lead''s console status and meeting outcome, one row per lead and CRM; written in the change''s own transaction (console_queue_status_change, demo_request_meeting_to_crm), sent by the job runner.';


-- Queues for `p_channels` what changed of p_lead: its status `p_status` or its meeting outcome
-- `p_outcome` (null for the part that did not change), at p_at. On a row still to be sent (or
-- being sent) the change adds to what it holds; on one sent, the part that did not change is
-- left out. Its version is raised, and its tries start again from here (retry_base); its lease
-- stays, so a worker sending the older version finishes before the newer is claimed.
create function public.demo_request_crm_queue(
  p_lead uuid,
  p_channels text[],
  p_status text,
  p_outcome text,
  p_at timestamptz
)
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
    (lead_id, channel, change_id, pipeline_status, meeting_outcome, created_at)
  select p_lead, ch.channel, 1, p_status, p_outcome, p_at
  from unnest(p_channels) as ch (channel)
  where ch.channel in ('hubspot', 'salesforce')
  on conflict (lead_id, channel) do update
    set change_id = n.change_id + 1,
      pipeline_status = coalesce(excluded.pipeline_status,
        case when n.status <> 'sent' then n.pipeline_status end),
      meeting_outcome = coalesce(excluded.meeting_outcome,
        case when n.status <> 'sent' then n.meeting_outcome end),
      status = 'pending', retry_base = n.attempts, next_attempt_at = null, last_error = null,
      sent_at = null, created_at = excluded.created_at;
  get diagnostics v_rows = row_count;
  return v_rows;
end
$$;

revoke all on function public.demo_request_crm_queue
  from public, anon, authenticated, service_role, console_staff_role;


-- As before (a status change the caller made in this very transaction, and no other), through
-- the one queue. Status changes of one lead queue in the order they commit, as
-- console_lead_status's row lock orders them.
create or replace function public.console_queue_status_change(p_change bigint, p_channels text[])
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_change public.console_lead_changes;
begin
  select * into v_change from public.console_lead_changes c
  where c.id = p_change and c.kind = 'status' and c.by_user = auth.uid() and c.at = now();
  if v_change.id is null then
    return 0;
  end if;
  return public.demo_request_crm_queue(v_change.lead_id, p_channels, v_change.value, null,
    v_change.at);
end
$$;


-- A lead's new meeting outcome, for each CRM that has (or is to have) its record: those its own
-- delivery went to. Every way the outcome changes (a scheduler's word, the grace time, a mark
-- by hand, a booking replaced or ended) updates the lead's row, whose lock the change holds, so
-- outcomes queue in the order they commit.
create function public.demo_request_meeting_to_crm()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.demo_request_crm_queue(new.id,
    array(select l.channel from public.demo_request_notifications l where l.lead_id = new.id),
    null, coalesce(new.meeting_outcome, 'pending'), now());
  return null;
end
$$;

revoke all on function public.demo_request_meeting_to_crm
  from public, anon, authenticated, service_role, console_staff_role;

-- Not `update of meeting_outcome`: a booking replaced sets it in a trigger, not in the statement.
create trigger demo_requests_meeting_to_crm
  after update on public.demo_requests
  for each row
  when (old.meeting_outcome is distinct from new.meeting_outcome)
  execute function public.demo_request_meeting_to_crm();


-- The Integrations page's key of a CRM row: the lead, and what it carries.
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
  failed_at timestamptz,
  created_at timestamptz
)
language sql
stable
set search_path = ''
as $$
  select 'lead', n.lead_id::text, n.lead_id, n.channel, n.status, n.attempts, n.last_error,
    n.sent_at, n.failed_at, n.created_at
  from public.demo_request_notifications n
  union all
  select 'digest', to_char(d.held_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), null,
    d.channel, d.status, d.attempts, d.last_error, d.sent_at, d.failed_at, d.created_at
  from public.demo_request_digests d
  union all
  select 'booking', b.provider || ':' || b.booking_id || ':' || b.notice, bk.lead_id, b.channel,
    b.status, b.attempts, b.last_error, b.sent_at, b.failed_at, b.created_at
  from public.demo_request_booking_notifications b
  left join public.demo_request_bookings bk
    on bk.provider = b.provider and bk.booking_id = b.booking_id
  union all
  select 'no_booking', a.lead_id::text, a.lead_id, a.channel, a.status, a.attempts, a.last_error,
    a.sent_at, a.failed_at, a.created_at
  from public.demo_request_no_booking_alerts a
  union all
  select 'status', s.lead_id::text || ':' || concat_ws('+', s.pipeline_status, s.meeting_outcome),
    s.lead_id, s.channel, s.status, s.attempts, s.last_error, s.sent_at, s.failed_at, s.created_at
  from public.demo_request_status_notifications s
$$;
