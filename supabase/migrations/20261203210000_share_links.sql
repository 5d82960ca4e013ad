-- Share links (docs/console.md#share-links): the owner or marketing makes a read-only link to a
-- funnel view, its sources and days, with an optional expiry; whoever holds it reads that funnel
-- without signing in, counts only. The link's token is never stored, only its SHA-256, so a copy
-- of the database opens nothing. The table is closed to every role; the definer functions below
-- decide who makes, lists and revokes (by the caller's role, as the console's other functions
-- do), and what an opening shows, and they put each of those on the audit trail.

create table public.console_share_links (
  id uuid primary key default gen_random_uuid(),
  -- SHA-256 of the token, as hex: the token itself is shown once, to its maker.
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  created_by uuid not null,
  -- As it was when they made it: a person removed since is still named in the list.
  created_by_email text not null,
  created_at timestamptz not null default now(),
  -- The sources it shows; none for every source.
  sources text[] not null default '{}' check (cardinality(sources) <= 100),
  -- Either the last `days` days up to the day it is opened, or the days from_day to to_day.
  days integer check (days between 1 and 366),
  from_day date,
  to_day date,
  expires_at timestamptz,
  revoked_at timestamptz,
  revoked_by_email text,
  openings bigint not null default 0,
  last_opened_at timestamptz,
  constraint console_share_links_view_check check (
    (days is not null and from_day is null and to_day is null)
    or (days is null and from_day is not null and to_day is not null
      and from_day <= to_day and to_day - from_day < 366)
  )
);
alter table public.console_share_links enable row level security;

revoke all on table public.console_share_links
  from public, anon, authenticated, service_role, console_staff_role;

-- Nobody reads or writes it but through the functions below, were a grant ever to slip in.
create policy "share links through the console's functions alone"
  on public.console_share_links
  as restrictive
  for all
  to service_role, console_staff_role
  using (false)
  with check (false);

create index console_share_links_created_idx on public.console_share_links (created_at desc, id);

-- Making, revoking and opening a link are on the trail: the link's id and view, never a person's.
alter table public.console_audit
  drop constraint console_audit_action_check,
  add constraint console_audit_action_check
    check (action in ('sign_in', 'list_leads', 'view_lead', 'export', 'status_change',
      'note_added', 'assign', 'invite', 'role_change', 'remove', 'erase', 'retry_deliveries',
      'test_delivery', 'share_link', 'revoke_share_link', 'open_share_link'));


-- Makes a link for the signed-in owner or marketing; returns its id. The caller passes the
-- token's hash, never the token.
create function public.console_share_create(
  p_token_hash text,
  p_sources text[],
  p_days integer,
  p_from date,
  p_to date,
  p_expires_at timestamptz
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  if public.console_role() is null or public.console_role() not in ('owner', 'marketing') then
    raise exception 'Only the owner and marketing share the funnel' using errcode = '42501';
  end if;
  if p_expires_at is not null and p_expires_at <= now() then
    raise exception 'A link must expire after now' using errcode = '22023';
  end if;
  insert into public.console_share_links (token_hash, created_by, created_by_email, sources,
    days, from_day, to_day, expires_at)
  values (p_token_hash, auth.uid(), public.console_email(), coalesce(p_sources, '{}'), p_days,
    p_from, p_to, p_expires_at)
  returning id into v_id;
  perform public.console_audit_record('share_link', null, jsonb_build_object('link', v_id,
    'sources', coalesce(p_sources, '{}'), 'days', p_days, 'from', p_from, 'to', p_to,
    'expiresAt', p_expires_at));
  return v_id;
end
$$;

-- The links the caller may see: every one for the owner, their own for marketing; newest first.
create function public.console_share_links()
returns table (id uuid, created_by_email text, created_at timestamptz, sources text[],
  days integer, from_day date, to_day date, expires_at timestamptz, revoked_at timestamptz,
  revoked_by_email text, openings bigint, last_opened_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_role text := public.console_role();
begin
  if v_role is null or v_role not in ('owner', 'marketing') then
    raise exception 'Only the owner and marketing see shared links' using errcode = '42501';
  end if;
  return query
    select l.id, l.created_by_email, l.created_at, l.sources, l.days, l.from_day, l.to_day,
      l.expires_at, l.revoked_at, l.revoked_by_email, l.openings, l.last_opened_at
    from public.console_share_links l
    where v_role = 'owner' or l.created_by = auth.uid()
    order by l.created_at desc, l.id;
end
$$;

-- Revokes a link: the owner any, marketing their own. False when the caller has no such link
-- (or it was revoked already); a revoked link stays listed, as revoked.
create function public.console_share_revoke(p_id uuid)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_role text := public.console_role();
begin
  if v_role is null or v_role not in ('owner', 'marketing') then
    raise exception 'Only the owner and marketing revoke shared links' using errcode = '42501';
  end if;
  update public.console_share_links l
    set revoked_at = now(), revoked_by_email = public.console_email()
    where l.id = p_id and l.revoked_at is null
      and (v_role = 'owner' or l.created_by = auth.uid());
  if not found then
    return false;
  end if;
  perform public.console_audit_record('revoke_share_link', null, jsonb_build_object('link', p_id));
  return true;
end
$$;


-- The link a token's hash names, and whether it opens: `live`, `revoked`, `expired`, `unknown`,
-- or `maker_gone` once its maker is off the staff or no longer a role that may share (so a link
-- never shows more than its maker's role could). Its days are those of the firm's calendar
-- (p_time_zone) on the day it is opened. No caller chooses a link by its id: the token is the key.
create function public.console_share_link_of(p_token_hash text, p_time_zone text)
returns table (id uuid, state text, from_day date, to_day date, sources text[],
  expires_at timestamptz)
language sql
stable
set search_path = ''
as $$
  select l.id,
    case
      when l.id is null then 'unknown'
      when l.revoked_at is not null then 'revoked'
      when l.expires_at is not null and l.expires_at <= now() then 'expired'
      when not exists (select from public.console_staff s
          where s.user_id = l.created_by and s.role in ('owner', 'marketing')) then 'maker_gone'
      else 'live'
    end,
    coalesce(l.from_day, (now() at time zone p_time_zone)::date - (l.days - 1)),
    coalesce(l.to_day, (now() at time zone p_time_zone)::date),
    l.sources, l.expires_at
  from (select 1) one
  left join public.console_share_links l on l.token_hash = p_token_hash
$$;

revoke all on function public.console_share_link_of(text, text)
  from public, anon, authenticated, service_role, console_staff_role;

-- Opens a link: its state and view, as above; a live one counts the opening and puts it on the
-- trail, as the link's (no visitor's address, agent or anything else of theirs is kept). Run by
-- the console function with no one signed in.
create function public.console_share_open(p_token_hash text, p_time_zone text)
returns table (state text, from_day date, to_day date, sources text[], expires_at timestamptz)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_link record;
begin
  select * into v_link from public.console_share_link_of(p_token_hash, p_time_zone);
  if v_link.state = 'live' then
    update public.console_share_links l
      set openings = l.openings + 1, last_opened_at = now()
      where l.id = v_link.id;
    insert into public.console_audit (actor_id, actor_email, action, lead_id, detail)
    values (v_link.id, 'a shared link', 'open_share_link', null,
      jsonb_build_object('link', v_link.id, 'from', v_link.from_day, 'to', v_link.to_day,
        'sources', v_link.sources));
  end if;
  return query
    select coalesce(v_link.state, 'unknown'), v_link.from_day, v_link.to_day, v_link.sources,
      v_link.expires_at;
end
$$;

-- The funnel of a live link, as demo_request_funnel_range_report has it for the link's sources
-- and days (and so the steps a later migration adds to that report); nothing for any other.
create function public.console_shared_funnel(
  p_token_hash text,
  p_time_zone text,
  p_source_campaigns integer default 50
)
returns table (part text, day date, source text, page text, utm_source text,
  utm_campaign text, event text, field text, code text, n bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_link record;
begin
  select * into v_link from public.console_share_link_of(p_token_hash, p_time_zone);
  if v_link.state is distinct from 'live' then
    return;
  end if;
  return query
  select * from public.demo_request_funnel_range_report(v_link.from_day, v_link.to_day,
    nullif(v_link.sources, '{}'), p_time_zone, p_source_campaigns);
end
$$;

revoke all on function public.console_share_create(text, text[], integer, date, date, timestamptz),
  public.console_share_links(), public.console_share_revoke(uuid),
  public.console_share_open(text, text),
  public.console_shared_funnel(text, text, integer)
  from public, anon, authenticated, service_role;
grant execute on function
  public.console_share_create(text, text[], integer, date, date, timestamptz),
  public.console_share_links(), public.console_share_revoke(uuid),
  public.console_share_open(text, text),
  public.console_shared_funnel(text, text, integer)
  to console_staff_role;
