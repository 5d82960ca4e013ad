-- The console's Integrations page (owner only): how each channel of the delivery outbox stands,
-- its dead letters, and the owner's Retry. The outbox's tables stay closed to the staff's role
-- but for the lead rows owner and sales read already; these definer functions read across all
-- four tables and check the caller's role first, so a salesperson, marketing or a partner who
-- calls them by hand is refused by the database, not only by the console's code.

-- What a Retry or a test send is on the trail: the channel, never a lead's details.
alter table public.console_audit
  drop constraint console_audit_action_check,
  add constraint console_audit_action_check
    check (action in ('sign_in', 'list_leads', 'view_lead', 'export', 'status_change',
      'note_added', 'assign', 'invite', 'role_change', 'remove', 'erase', 'retry_deliveries',
      'test_delivery'));

-- Every delivery row of the four outbox tables in one shape: its kind, its key besides the
-- channel (a lead's id, a window's end, a booking's provider, id and notice), and its state.
-- Called only by the definer functions below: nobody is granted it.
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
$$;

revoke all on function public.delivery_outbox_rows()
  from public, anon, authenticated, service_role;

-- One refusal for every function here: the owner's page, the owner's buttons.
create function public.console_require_owner(p_what text)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if public.console_role() is distinct from 'owner' then
    raise exception 'Only the owner %', p_what using errcode = '42501';
  end if;
end
$$;

-- Per channel that has ever had a delivery: how many were sent and the last of them, how many
-- wait (pending, or failed and to be tried again) and how many are dead.
create function public.console_delivery_states()
returns table (
  channel text,
  sent bigint,
  last_sent_at timestamptz,
  waiting bigint,
  dead bigint
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
    select o.channel,
      count(*) filter (where o.status = 'sent'),
      max(o.sent_at),
      count(*) filter (where o.status in ('pending', 'failed')),
      count(*) filter (where o.status = 'dead')
    from public.delivery_outbox_rows() o
    group by o.channel
    order by o.channel;
end
$$;

-- A channel's dead letters, newest first: what was not delivered and the reply that failed it.
-- The lead's id is the only thing of a person here; the error is the destination's answer,
-- which the notifiers keep free of the lead's fields.
create function public.console_dead_letters(p_channel text, p_limit integer default 20)
returns table (
  kind text,
  key text,
  lead_id uuid,
  attempts integer,
  last_error text,
  created_at timestamptz
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
    select o.kind, o.key, o.lead_id, o.attempts, o.last_error, o.created_at
    from public.delivery_outbox_rows() o
    where o.channel = p_channel and o.status = 'dead'
    order by o.created_at desc, o.kind, o.key
    limit least(greatest(coalesce(p_limit, 20), 1), 100);
end
$$;

-- The owner's Retry: a channel's dead rows become failed and due now, with the tries allowed
-- counted again from here (retry_base); attempts stays, as it is the claims' fencing token.
-- Returns how many rows will be tried again, and puts the Retry on the trail.
create function public.console_retry_dead(p_channel text)
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
  perform public.console_audit_record('retry_deliveries', null,
    jsonb_build_object('channel', p_channel, 'rows', v_total));
  return v_total;
end
$$;

-- "Send a test" reaches the destination from the function, not the database; the database
-- still decides who may, and keeps it on the trail, before anything is sent.
create function public.console_record_delivery_test(p_channel text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform public.console_require_owner('sends tests');
  perform public.console_audit_record('test_delivery', null,
    jsonb_build_object('channel', p_channel));
end
$$;

revoke all on function public.console_require_owner(text), public.console_delivery_states(),
  public.console_dead_letters(text, integer), public.console_retry_dead(text),
  public.console_record_delivery_test(text)
  from public, anon, authenticated, service_role;
grant execute on function public.console_require_owner(text), public.console_delivery_states(),
  public.console_dead_letters(text, integer), public.console_retry_dead(text),
  public.console_record_delivery_test(text)
  to console_staff_role;
