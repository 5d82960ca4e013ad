-- The funnel by email (docs/console.md#reports-by-email): each person of the staff may choose a
-- weekly report (sent on Mondays, of the week before) or a monthly one (on the 1st, of the month
-- before), read as they would read the console's funnel, so a partner's names only its sources.
-- The scheduled job claims each report once per person and period before it sends it; a link in
-- each email (List-Unsubscribe, RFC 8058) stops the reports without signing in.


-- What report each person chose; no row is none. Each person reads and writes their own row only.
create table public.console_report_choices (
  user_id uuid primary key references public.console_staff (user_id) on delete cascade,
  cadence text not null check (cadence in ('weekly', 'monthly')),
  chosen_at timestamptz not null default now()
);
alter table public.console_report_choices enable row level security;

comment on table public.console_report_choices is 'The emailed funnel report each person of the staff chose (weekly or monthly); no row for none.';

revoke all on table public.console_report_choices
  from public, anon, authenticated, service_role, console_staff_role;
grant select, insert, update, delete on table public.console_report_choices to console_staff_role;

create policy "each person reads and sets their own report"
  on public.console_report_choices
  for all
  to console_staff_role
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));


-- One row per person, cadence and period, written before the report is sent: the claim that
-- keeps two runs of the job (or a run after a restart) from sending it twice. `token` is the
-- email's unsubscribe token, kept in the clear only until the email is accepted, so a retried
-- send is the same request; its SHA-256 stays, to find the person when the link is used.
create table public.console_report_sends (
  user_id uuid not null references public.console_staff (user_id) on delete cascade,
  cadence text not null check (cadence in ('weekly', 'monthly')),
  period_start date not null,
  period_end date not null check (period_end >= period_start),
  status text not null default 'waiting' check (status in ('waiting', 'sent', 'dead')),
  tries integer not null default 0,
  lease_until timestamptz not null default '-infinity',
  token text check (token is null or char_length(token) = 64),
  token_hash text not null unique check (char_length(token_hash) = 64),
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (user_id, cadence, period_start)
);
alter table public.console_report_sends enable row level security;

comment on table public.console_report_sends is 'Each emailed funnel report claimed, once per person, cadence and period, with the hash of its unsubscribe token.';

revoke all on table public.console_report_sends
  from public, anon, authenticated, service_role, console_staff_role;

-- Reached through the definer functions below alone, as the audit's retention row is.
create policy "reached through the report functions alone"
  on public.console_report_sends
  as restrictive
  for all
  to service_role, console_staff_role
  using (false)
  with check (false);


-- A person's change of report is on the trail. Other migrations of these days add actions of
-- their own: this adds one to the list as it stands, rather than restating (and so dropping) them.
do $$
declare
  v_check text;
begin
  select pg_get_constraintdef(c.oid) into v_check
  from pg_constraint c
  where c.conrelid = 'public.console_audit'::regclass and c.conname = 'console_audit_action_check';
  if v_check not like '%''report_change''%' then
    execute 'alter table public.console_audit drop constraint console_audit_action_check, '
      || 'add constraint console_audit_action_check '
      || replace(v_check, 'ARRAY[', 'ARRAY[''report_change''::text, ');
  end if;
end
$$;


-- Claims the reports due at p_now: for each person's choice, the last whole week (Monday to
-- Sunday) or month of the firm's calendar (p_zone, SALES_TIME_ZONE) before today, once chosen
-- by the day after it ended. A claim is leased for p_lease_seconds; one whose run died is claimed
-- again when its lease ends, with the same token, so its email is the same request. Two runs at
-- once claim each report once: the insert's key and `skip locked` keep them apart.
create function public.report_claim_due(
  p_now timestamptz,
  p_zone text,
  p_lease_seconds integer,
  p_limit integer,
  p_max_tries integer default 8
)
returns table (user_id uuid, email text, cadence text, period_start date, period_end date,
  token text, tries integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_today date := (p_now at time zone p_zone)::date;
  v_week date := date_trunc('week', v_today)::date - 7;
  v_month date := (date_trunc('month', v_today) - interval '1 month')::date;
begin
  -- Materialised, so each row's token is drawn once: 64 hex digits of two version-4 uuids, 244
  -- random bits.
  with chosen as materialized (
    select c.user_id, c.cadence, p.period_start, p.period_end,
      replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') as token
    from public.console_report_choices c
    cross join lateral (
      select case c.cadence when 'weekly' then v_week else v_month end as period_start,
        case c.cadence when 'weekly' then v_week + 6
          else (v_month + interval '1 month' - interval '1 day')::date end as period_end
    ) p
    where (c.chosen_at at time zone p_zone)::date <= p.period_end + 1
  )
  insert into public.console_report_sends (user_id, cadence, period_start, period_end, token,
    token_hash)
  select chosen.user_id, chosen.cadence, chosen.period_start, chosen.period_end, chosen.token,
    encode(pg_catalog.sha256(convert_to(chosen.token, 'UTF8')), 'hex')
  from chosen
  on conflict on constraint console_report_sends_pkey do nothing;

  return query
  with due as (
    select r.user_id, r.cadence, r.period_start
    from public.console_report_sends r
    join public.console_report_choices c on c.user_id = r.user_id and c.cadence = r.cadence
    where r.status = 'waiting' and r.lease_until <= p_now and r.tries < p_max_tries
    order by r.period_start, r.user_id
    limit p_limit
    for update of r skip locked
  )
  update public.console_report_sends r
  set lease_until = p_now + make_interval(secs => p_lease_seconds), tries = r.tries + 1
  from due, public.console_staff s
  where r.user_id = due.user_id and r.cadence = due.cadence and r.period_start = due.period_start
    and s.user_id = r.user_id
  returning r.user_id, s.email, r.cadence, r.period_start, r.period_end, r.token, r.tries;
end
$$;

-- A claimed report's outcome: sent (its token then leaves, its hash stays), or failed and due
-- again at p_retry_at, or dead after its last try.
create function public.report_record_outcome(
  p_user uuid,
  p_cadence text,
  p_period_start date,
  p_sent boolean,
  p_error text,
  p_retry_at timestamptz,
  p_max_tries integer default 8
)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.console_report_sends r
  set status = case when p_sent then 'sent' when r.tries >= p_max_tries then 'dead'
      else 'waiting' end,
    token = case when p_sent then null else r.token end,
    sent_at = case when p_sent then now() else r.sent_at end,
    last_error = case when p_sent then null else left(p_error, 500) end,
    lease_until = case when p_sent then r.lease_until else p_retry_at end
  where r.user_id = p_user and r.cadence = p_cadence and r.period_start = p_period_start
    and r.status = 'waiting'
$$;

-- The one-click unsubscribe: the token of any report names its person, whose choice goes (on the
-- trail, as theirs). True when the token is known, whether or not a choice was left to remove.
create function public.report_unsubscribe(p_token text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user uuid;
  v_cadence text;
begin
  select r.user_id into v_user
  from public.console_report_sends r
  where r.token_hash = encode(pg_catalog.sha256(convert_to(p_token, 'UTF8')), 'hex');
  if v_user is null then
    return false;
  end if;
  delete from public.console_report_choices c where c.user_id = v_user
  returning c.cadence into v_cadence;
  if v_cadence is not null then
    insert into public.console_audit (actor_id, actor_email, action, detail)
    select s.user_id, s.email, 'report_change',
      jsonb_build_object('report', 'none', 'was', v_cadence, 'via', 'unsubscribe')
    from public.console_staff s where s.user_id = v_user;
  end if;
  return true;
end
$$;

revoke all on function public.report_claim_due, public.report_record_outcome,
  public.report_unsubscribe
  from public, anon, authenticated, console_staff_role;
grant execute on function public.report_claim_due, public.report_record_outcome,
  public.report_unsubscribe
  to service_role;
