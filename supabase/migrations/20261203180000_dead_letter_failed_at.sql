-- When a delivery last failed, for the Integrations page and the lead's history: a dead letter
-- stood at the time it was queued, which for a lead's nudge or a destination down overnight can
-- be hours before it died. failed_at is set by every failed try (the job's clock, as
-- next_attempt_at is), so on a dead row it is the try that killed it. Rows that died before this
-- migration have none, and say so rather than borrow the time they were queued.

alter table public.demo_request_notifications add column failed_at timestamptz;
alter table public.demo_request_digests add column failed_at timestamptz;
alter table public.demo_request_booking_notifications add column failed_at timestamptz;
alter table public.demo_request_no_booking_alerts add column failed_at timestamptz;
alter table public.demo_request_status_notifications add column failed_at timestamptz;

-- The functions' result types change, so they are made again, with their grants.
drop function public.console_dead_letters(text, integer);
drop function public.delivery_outbox_rows();

create function public.delivery_outbox_rows()
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
  select 'status', s.lead_id::text || ':' || s.pipeline_status, s.lead_id, s.channel, s.status,
    s.attempts, s.last_error, s.sent_at, s.failed_at, s.created_at
  from public.demo_request_status_notifications s
$$;

revoke all on function public.delivery_outbox_rows()
  from public, anon, authenticated, service_role;

-- A channel's dead letters, the latest to die first, each with the time it failed.
create function public.console_dead_letters(p_channel text, p_limit integer default 20)
returns table (
  kind text,
  key text,
  lead_id uuid,
  attempts integer,
  last_error text,
  failed_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform public.console_require_owner('sees the integrations');
  return query
    select o.kind, o.key, o.lead_id, o.attempts, o.last_error, o.failed_at
    from public.delivery_outbox_rows() o
    where o.channel = p_channel and o.status = 'dead'
    order by o.failed_at desc nulls last, o.created_at desc, o.kind, o.key
    limit least(greatest(coalesce(p_limit, 20), 1), 100);
end
$$;

revoke all on function public.console_dead_letters(text, integer)
  from public, anon, authenticated, service_role;
grant execute on function public.console_dead_letters(text, integer) to console_staff_role;

-- The owner's Retry: a channel's dead letters in every outbox table tried again from the first
-- wait, one statement a table, their count on the trail.
create or replace function public.console_retry_dead(p_channel text)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_table text;
  v_rows integer;
  v_total integer := 0;
begin
  perform public.console_require_owner('retries deliveries');
  foreach v_table in array array['demo_request_notifications', 'demo_request_digests',
    'demo_request_booking_notifications', 'demo_request_no_booking_alerts',
    'demo_request_status_notifications']
  loop
    execute format('update public.%I set status = ''failed'', retry_base = attempts,
        next_attempt_at = null where channel = $1 and status = ''dead''', v_table)
      using p_channel;
    get diagnostics v_rows = row_count;
    v_total := v_total + v_rows;
  end loop;
  perform public.console_audit_record('retry_deliveries', null,
    jsonb_build_object('channel', p_channel, 'rows', v_total));
  return v_total;
end
$$;
