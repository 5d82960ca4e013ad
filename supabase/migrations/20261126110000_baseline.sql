-- The whole schema of the send-demo-request function, each table and function defined once.
--
-- A baseline: the project had not launched when the migrations before it (20261121080000 to
-- 20261126100000) were squashed into this file, so no database had data worth carrying over. A
-- database migrated with those files does not match this one: `supabase db push` would try to
-- create these tables again and stop. Drop and recreate such a database (`supabase db reset`,
-- or delete the local .data/ folder) rather than push to it. Until launch, a change to the
-- schema is made here, so each function stays written once (docs/deploy.md); from launch on,
-- changes go in new migrations.
--
-- Every table is written only by the function, through the service_role or as the owner of the
-- functions below; visitors never read anything back, so the API roles get nothing. On Supabase
-- new tables and functions come with every privilege for the API roles, so each one says
-- explicitly who may do what, and row-level security is enabled right after it is created.


-- Leads sent through the public form: one row per lead, with where it came from and how sales
-- were told about it. Stored by accept_demo_request; the function role updates the notification
-- columns, and nobody deletes.
create table public.demo_requests (
  id uuid primary key default gen_random_uuid(),
  -- The four fields every form has (docs/requirements.md#fields).
  first_name text not null check (char_length(first_name) between 1 and 100),
  last_name text not null check (char_length(last_name) between 1 and 100),
  company_name text not null check (char_length(company_name) between 1 and 200),
  company_size text not null
    check (company_size in ('1-5 employees', '6-50 employees', '50-200 employees', '200+ employees')),
  -- The contact fields a deployer turns on with DEMO_REQUEST_FIELDS; null when the form lacks one
  -- or the visitor left it empty. The limits are the field catalogue's (src/fields/lead-fields.ts).
  email text check (char_length(email) <= 254),
  phone text check (char_length(phone) <= 32),
  phone_e164 text check (phone_e164 ~ '^\+[1-9][0-9]{6,14}$'),
  role text check (char_length(role) <= 100),
  message text check (char_length(message) <= 1000),
  -- Where the lead came from: the page's source label, its URL and referrer, and the utm_*
  -- parameters of the visitor's first page in the session (cleaned, at most 200 characters).
  source text check (char_length(source) <= 100),
  page_url text check (char_length(page_url) <= 2000),
  referrer text check (char_length(referrer) <= 2000),
  utm_source text check (char_length(utm_source) <= 200),
  utm_medium text check (char_length(utm_medium) <= 200),
  utm_campaign text check (char_length(utm_campaign) <= 200),
  utm_term text check (char_length(utm_term) <= 200),
  utm_content text check (char_length(utm_content) <= 200),
  user_agent text check (char_length(user_agent) <= 500),
  -- The language the visitor read the form in (src/copy/languages.ts). The function always names
  -- one, 'en' for a widget from before languages, which had no other.
  language text not null default 'en' check (language in ('en', 'es')),
  -- A retried submission carries the same key, so it can never become a second row.
  idempotency_key text unique check (char_length(idempotency_key) between 1 and 200),
  -- Filled honeypot: kept for review, never sent to sales.
  is_spam boolean not null default false,
  -- Where sales stand on the lead: not yet told, told, telling failed, never to be told (spam),
  -- or held beyond the global rate limit for its window's digest. The channels' own rows are in
  -- demo_request_notifications; these columns sum them up for people.
  notification_status text not null default 'pending'
    check (notification_status in ('pending', 'sent', 'failed', 'skipped', 'held')),
  notification_attempts integer not null default 0,
  notification_error text check (char_length(notification_error) <= 500),
  notified_at timestamptz,
  -- The end of the window a held lead was held in: its digest goes out after it.
  held_until timestamptz,
  -- The rule of DEMO_REQUEST_ROUTES the lead matched, so sales see why it was offered a booking
  -- page or a message, and a retried submission gets its first try's next step.
  route_rule smallint check (route_rule >= 1),
  -- The lead's booking, as the booking providers' signed webhooks report it: the one it holds
  -- now (booked, else waiting for the host's confirmation or a payment), or the last one that
  -- ended (rejected or cancelled). The history is in demo_request_bookings.
  booking_state text
    check (booking_state in ('requested', 'awaiting_payment', 'booked', 'rejected', 'cancelled',
      'reschedule_requested')),
  booking_start timestamptz,
  booking_time_zone text check (char_length(booking_time_zone) <= 64),
  booking_provider text check (booking_provider in ('cal', 'calendly')),
  booking_id text check (char_length(booking_id) <= 300),
  booking_updated_at timestamptz,
  -- When the lead first held a booked demo, whatever became of it since: the funnel's booked
  -- (demo_request_funnel_report) counts it, and its cancelled only what was booked first.
  booked_at timestamptz,
  created_at timestamptz not null default now(),
  constraint demo_requests_held_until_check
    check ((notification_status = 'held') = (held_until is not null)),
  constraint demo_requests_booking_check
    check ((booking_state is null) = (booking_id is null))
);

alter table public.demo_requests enable row level security;

comment on table public.demo_requests is 'Leads from the demo-request form; written by the send-demo-request function only.';
comment on column public.demo_requests.email is 'The lead''s work email, as typed with its domain lower-cased';
comment on column public.demo_requests.phone is 'The lead''s phone number as typed';
comment on column public.demo_requests.phone_e164 is 'The phone number as E.164, where the typed number named its country';
comment on column public.demo_requests.role is 'The lead''s job title';
comment on column public.demo_requests.message is 'A note from the lead, line breaks as \n';
comment on column public.demo_requests.utm_campaign is 'utm_campaign of the first page of the visitor''s session';
comment on column public.demo_requests.held_until is 'Set on leads stored beyond the global limit: the end of their rate-limit window, after which one digest tells sales about them all';
comment on column public.demo_requests.booking_start is 'When the booked demo starts; with booking_time_zone, the invitee''s time zone';
comment on column public.demo_requests.route_rule is 'The rule of DEMO_REQUEST_ROUTES the lead matched, counted from 1; null when none matched or no rules were set';

-- The function role reads leads and records how telling sales went; it stores them only through
-- accept_demo_request, and never deletes or truncates them.
revoke all on table public.demo_requests from public, anon, authenticated, service_role;
grant select on table public.demo_requests to service_role;
grant update (notification_status, notification_attempts, notification_error, notified_at)
  on table public.demo_requests to service_role;

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

-- A window's held leads, for its digest.
create index demo_requests_held_until_idx
  on public.demo_requests (held_until, created_at)
  where held_until is not null;


-- Submissions per client and fixed time window, shared by every instance of the function so a
-- limit holds however many instances serve the form. The client key is an HMAC of the client's
-- address group under the day's secret (demo_request_client_key_secrets): enough to count,
-- without keeping the address itself.
create table public.demo_request_rate_limits (
  client_key text not null check (char_length(client_key) = 64),
  window_start timestamptz not null,
  hits integer not null default 0 check (hits >= 0),
  primary key (client_key, window_start)
);

alter table public.demo_request_rate_limits enable row level security;

comment on table public.demo_request_rate_limits is 'Rate-limit counters of the send-demo-request function.';

-- Counted only by accept_demo_request, as its owner; the function role reads and prunes.
revoke all on table public.demo_request_rate_limits
  from public, anon, authenticated, service_role;
grant select, delete on table public.demo_request_rate_limits to service_role;

create policy "service_role manages rate limits"
  on public.demo_request_rate_limits
  for all
  to service_role
  using (true)
  with check (true);

-- The removal of expired windows runs off the request path.
create index demo_request_rate_limits_window_idx
  on public.demo_request_rate_limits (window_start);


-- Everyone's submissions per rate-limit window, as a running count: summing every client's row
-- of the window on each submission grew with the number of visitors (from 0.8 to 1.7 ms a
-- submission over the first 4,000 visitors on PostgreSQL 15). The count is split over sixteen
-- rows a window, picked by the client key, so concurrent submissions seldom wait on one row.
create table public.demo_request_window_totals (
  window_start timestamptz not null,
  shard smallint not null check (shard between 0 and 15),
  hits integer not null default 0 check (hits >= 0),
  primary key (window_start, shard)
);

alter table public.demo_request_window_totals enable row level security;

comment on table public.demo_request_window_totals is 'Everyone''s submissions per rate-limit window, for the send-demo-request function''s global limit.';

-- Written only by accept_demo_request, as its owner; the function role reads and prunes.
revoke all on table public.demo_request_window_totals
  from public, anon, authenticated, service_role;
grant select, delete on table public.demo_request_window_totals to service_role;

create policy "service_role manages window totals"
  on public.demo_request_window_totals
  for all
  to service_role
  using (true)
  with check (true);


-- The secrets client keys are made with, one a UTC day. A client key is an HMAC of the client's
-- address (an IPv6 address's prefix) under the secret of the day its rate-limit window starts
-- in, so every hit of one window counts under one key, and a key whose secret is gone cannot be
-- tested against guessed addresses. The database makes and deletes them, so every instance of
-- the function and the local server share them with no setting to keep.
create table public.demo_request_client_key_secrets (
  valid_from timestamptz primary key,
  valid_until timestamptz not null check (valid_until > valid_from),
  secret text not null check (char_length(secret) = 64)
);

alter table public.demo_request_client_key_secrets enable row level security;

comment on table public.demo_request_client_key_secrets is 'Daily secrets of the send-demo-request function''s client keys; deleted once no current rate-limit window uses them.';

-- Made only by demo_request_client_key_secret, as its owner; the function role reads and prunes.
revoke all on table public.demo_request_client_key_secrets
  from public, anon, authenticated, service_role;
grant select, delete on table public.demo_request_client_key_secrets to service_role;

create policy "service_role manages client-key secrets"
  on public.demo_request_client_key_secrets
  for all
  to service_role
  using (true)
  with check (true);


-- Proofs of work already spent on a lead: each solved challenge buys one lead. A row lives until
-- its challenge expires, after which the signature check refuses the proof anyway, so the
-- scheduled pruning deletes it. The lead's idempotency key is kept so that a retry of the same
-- submission with the same proof is let through to be answered with the stored lead's id.
create table public.demo_request_spent_proofs (
  nonce text primary key check (char_length(nonce) <= 64),
  idempotency_key text,
  expires_at timestamptz not null
);

alter table public.demo_request_spent_proofs enable row level security;

comment on table public.demo_request_spent_proofs is 'Proof-of-work challenges already spent on a demo request, until they expire.';

revoke all on table public.demo_request_spent_proofs
  from public, anon, authenticated, service_role;
grant select, insert, update, delete on table public.demo_request_spent_proofs to service_role;

create policy "service_role manages spent proofs"
  on public.demo_request_spent_proofs
  for all
  to service_role
  using (true)
  with check (true);

create index demo_request_spent_proofs_expires_at on public.demo_request_spent_proofs (expires_at);


-- How each lead was told to sales, one row per lead and channel (an email, a signed webhook).
-- A worker claims a row until `claimed_until` before sending, so two workers never send the
-- same lead on the same channel, and a failed channel is retried alone. Rows are made when a
-- lead is first dispatched; demo_requests.notification_status sums them up for people.
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


-- One digest of held leads per window and channel, in place of a message for each: sent and
-- retried like a lead's notification, claimed until `claimed_until`, its attempts the fencing
-- token.
create table public.demo_request_digests (
  held_until timestamptz not null,
  channel text not null check (channel in ('email', 'webhook')),
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  claimed_until timestamptz,
  last_error text check (char_length(last_error) <= 500),
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (held_until, channel)
);

alter table public.demo_request_digests enable row level security;

comment on table public.demo_request_digests is 'Delivery state of the digest of held demo requests, one row per window and notification channel.';

revoke all on table public.demo_request_digests from public, anon, authenticated, service_role;
-- Deleted by the scheduled pruning once past the week in which a digest can still be made.
grant select, insert, update, delete on table public.demo_request_digests to service_role;

create policy "service_role manages digests"
  on public.demo_request_digests
  for all
  to service_role
  using (true)
  with check (true);


-- The secret for a window starting at p_window_start: its UTC day's, made by the first caller
-- of the day. Making one also deletes the days before yesterday: their windows have all ended,
-- while a window that started yesterday evening may still be counting under yesterday's. It runs
-- as its owner (security definer): callers need only EXECUTE.
create function public.demo_request_client_key_secret(p_window_start timestamptz)
returns table (secret text, valid_from timestamptz, valid_until timestamptz)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  day_start timestamptz := date_bin('24 hours', p_window_start, timestamptz '2000-01-01 00:00:00+00');
begin
  return query select s.secret, s.valid_from, s.valid_until
    from public.demo_request_client_key_secrets s where s.valid_from = day_start;
  if found then
    return;
  end if;
  -- gen_random_uuid draws on the server's strong random source and needs no extension (PGlite
  -- has none loaded): two version-4 UUIDs without their dashes hold 244 random bits.
  insert into public.demo_request_client_key_secrets (valid_from, valid_until, secret)
  values (day_start, day_start + interval '24 hours',
    replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
  on conflict (valid_from) do nothing;
  delete from public.demo_request_client_key_secrets s
    where s.valid_until <= day_start - interval '24 hours';
  -- A new statement: it sees the row of a caller that made the day's secret first.
  return query select s.secret, s.valid_from, s.valid_until
    from public.demo_request_client_key_secrets s where s.valid_from = day_start;
end
$$;

-- A new function is executable by PUBLIC, and on Supabase granted to the API roles by default.
revoke all on function public.demo_request_client_key_secret from public, anon, authenticated;
grant execute on function public.demo_request_client_key_secret to service_role;


-- Accepts a lead in one statement, so each submission costs one round trip: the idempotency
-- check, the client's and everyone's rate limit, and the insert. It runs as its owner (security
-- definer) so callers need only EXECUTE, not rights on the tables, and no `set role` first.
--
-- The lead is one JSON object keyed by column (built from the field catalogue,
-- src/fields/lead-fields.ts), read with jsonb_populate_record: a new column needs no new argument,
-- and a key that is not a column is ignored. The columns of the lead's state (its id, notification
-- status, hold and time) are this function's alone, whatever the object says.
--
-- Without a client key nothing is counted or limited. Beyond the global limit a lead is
-- refused, unless p_held_until is given: the function gives it when every lead carries a solved
-- proof of work, and such a lead is stored with its notifications held until then (its window's
-- end), for one digest per window instead of one message each. A flood then neither shuts the
-- form for everyone nor buries sales in fake leads.
create function public.accept_demo_request(
  p_lead jsonb,
  p_client_key text default null,
  p_window_start timestamptz default null,
  p_client_max integer default null,
  p_global_max integer default null,
  p_held_until timestamptz default null
)
returns table (request_id uuid, created boolean, limited text, held boolean, route_rule smallint)
language plpgsql
security definer
set search_path = ''
as $$
declare
  lead public.demo_requests := jsonb_populate_record(null::public.demo_requests, p_lead);
  hits integer;
  over_limit boolean := false;
begin
  -- A retry of a stored request gets the first answer and counts nothing.
  if lead.idempotency_key is not null then
    select r.id, r.route_rule into request_id, route_rule from public.demo_requests r
    where r.idempotency_key = lead.idempotency_key;
    if found then
      created := false;
      return next;
      return;
    end if;
  end if;

  if p_client_key is not null then
    over_limit := p_global_max is not null and (
      select coalesce(sum(t.hits), 0) from public.demo_request_window_totals t
      where t.window_start = p_window_start
    ) >= p_global_max;
    -- Refused before anything is written, so rotating addresses cannot grow either table. A
    -- held lead is written: it paid with a proof of work, and the totals raise the difficulty.
    if over_limit and p_held_until is null then
      limited := 'global';
      return next;
      return;
    end if;
    insert into public.demo_request_rate_limits as l (client_key, window_start, hits)
    values (p_client_key, p_window_start, 1)
    on conflict (client_key, window_start) do update set hits = l.hits + 1
    returning l.hits into hits;
    insert into public.demo_request_window_totals as t (window_start, shard, hits)
    values (p_window_start, hashtext(p_client_key) & 15, 1)
    on conflict (window_start, shard) do update set hits = t.hits + 1;
    if p_client_max is not null and hits > p_client_max then
      limited := 'client';
      return next;
      return;
    end if;
  end if;

  lead.id := gen_random_uuid();
  lead.is_spam := coalesce(lead.is_spam, false);
  -- jsonb_populate_record skips the column's default: a lead from a caller that names no
  -- language (a function from before languages, mid-deploy) was made in an English form.
  lead.language := coalesce(lead.language, 'en');
  lead.notification_status :=
    case when lead.is_spam then 'skipped' when over_limit then 'held' else 'pending' end;
  lead.notification_attempts := 0;
  lead.notification_error := null;
  lead.notified_at := null;
  lead.held_until := case when over_limit and not lead.is_spam then p_held_until end;
  -- A lead is booked only through a signed webhook (apply_demo_request_booking).
  lead.booking_state := null;
  lead.booking_start := null;
  lead.booking_time_zone := null;
  lead.booking_provider := null;
  lead.booking_id := null;
  lead.booking_updated_at := null;
  lead.booked_at := null;
  lead.created_at := now();
  insert into public.demo_requests select (lead).*
  on conflict (idempotency_key) do nothing
  returning id into request_id;
  created := request_id is not null;
  route_rule := lead.route_rule;
  held := created and over_limit and not lead.is_spam;
  if not created then
    -- A simultaneous request with the same key committed first; this statement sees its row.
    select r.id, r.route_rule into request_id, route_rule from public.demo_requests r
    where r.idempotency_key = lead.idempotency_key;
  end if;
  return next;
end
$$;

revoke all on function public.accept_demo_request from public, anon, authenticated;
grant execute on function public.accept_demo_request to service_role;


-- Every booking a provider has reported for a lead, keyed by the provider's own id, so that a
-- delivery repeated or arriving out of order changes the lead once. A booking only moves forward:
-- requested or awaiting payment, then booked, then rejected, cancelled or reschedule_requested (the
-- host asked the invitee to pick a new time), which are final for its id (a reschedule is a new
-- id). Rows are written only by apply_demo_request_booking.
create table public.demo_request_bookings (
  provider text not null check (provider in ('cal', 'calendly')),
  booking_id text not null check (char_length(booking_id) between 1 and 300),
  -- Null for a booking reported by a delivery that does not name its lead (Cal.com's
  -- BOOKING_CREATED once the host confirms) before the one that does: a later delivery naming
  -- the lead claims it. Unclaimed rows are deleted after 30 days.
  lead_id uuid references public.demo_requests (id) on delete cascade,
  state text not null
    check (state in ('requested', 'awaiting_payment', 'booked', 'rejected', 'cancelled',
      'reschedule_requested')),
  -- Null only for a booking known so far as the one a reschedule replaced.
  start_time timestamptz,
  time_zone text not null default '' check (char_length(time_zone) <= 64),
  -- When the provider says the last change happened: the newest booking is the lead's.
  occurred_at timestamptz not null,
  -- For a reschedule: the booking this one takes the place of, once it is booked.
  replaces text check (char_length(replaces) <= 300),
  -- For a booking a reschedule replaced: the booking that took its place.
  replaced_by text check (char_length(replaced_by) <= 300),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (provider, booking_id)
);

alter table public.demo_request_bookings enable row level security;

comment on table public.demo_request_bookings is 'Bookings of demos reported by Cal.com and Calendly webhooks; written by apply_demo_request_booking only.';

revoke all on table public.demo_request_bookings from public, anon, authenticated, service_role;
grant select on table public.demo_request_bookings to service_role;

create policy "service_role manages bookings"
  on public.demo_request_bookings
  for all
  to service_role
  using (true)
  with check (true);

create index demo_request_bookings_lead_idx on public.demo_request_bookings (lead_id);
create index demo_request_bookings_unclaimed_idx on public.demo_request_bookings (updated_at)
  where lead_id is null;


-- How sales were told that a lead booked or cancelled, one row per change and channel, sent,
-- claimed and fenced like a lead's notifications (demo_request_notifications). Rows are made by
-- apply_demo_request_booking, for the channels the function has, when the lead's booking changes.
create table public.demo_request_booking_notifications (
  provider text not null,
  booking_id text not null,
  notice text not null check (notice in ('booked', 'cancelled', 'reschedule_requested')),
  channel text not null check (channel in ('email', 'webhook')),
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  claimed_until timestamptz,
  last_error text check (char_length(last_error) <= 500),
  sent_at timestamptz,
  created_at timestamptz not null,
  primary key (provider, booking_id, notice, channel),
  foreign key (provider, booking_id)
    references public.demo_request_bookings (provider, booking_id) on delete cascade
);

alter table public.demo_request_booking_notifications enable row level security;

comment on table public.demo_request_booking_notifications is 'Delivery state of each booking change per notification channel; written by the send-demo-request function and the retry command.';

revoke all on table public.demo_request_booking_notifications
  from public, anon, authenticated, service_role;
grant select, update on table public.demo_request_booking_notifications to service_role;

create policy "service_role manages booking notifications"
  on public.demo_request_booking_notifications
  for all
  to service_role
  using (true)
  with check (true);

create index demo_request_booking_notifications_due_idx
  on public.demo_request_booking_notifications (attempts, created_at)
  where status <> 'sent';


-- How far each scheduler's bookings have been read back from its API (booking-reconciler.ts): the
-- scheduled job asks for the bookings changed since `looked_until`, less an overlap, and applies
-- what the webhooks missed through apply_demo_request_booking. One row per provider.
create table public.demo_request_booking_cursors (
  provider text primary key check (provider in ('cal', 'calendly')),
  -- The time, by the function's clock, that the last complete read started.
  looked_until timestamptz not null,
  updated_at timestamptz not null
);

alter table public.demo_request_booking_cursors enable row level security;

comment on table public.demo_request_booking_cursors is 'Where the scheduled job last read each scheduler''s bookings from its API; written by the retry job only.';

revoke all on table public.demo_request_booking_cursors
  from public, anon, authenticated, service_role;
grant select, insert, update on table public.demo_request_booking_cursors to service_role;

create policy "service_role manages booking cursors"
  on public.demo_request_booking_cursors
  for all
  to service_role
  using (true)
  with check (true);


-- Applies one booking change that a signed webhook, or the scheduled job reading the scheduler's
-- API, reported (p_event: provider, bookingId, requestId, state, startTime, timeZone,
-- occurredAt, replaces, replacedBy, as booking-event.ts has them) at p_now, the function's
-- clock. The lead is found through requestId, else through the booking or the one it replaces,
-- as an earlier delivery stored them. Without one, a delivery naming no requestId is kept
-- unclaimed for a later one that does (Cal.com's confirmation can overtake its request), one
-- naming an unknown lead is not stored, and lead_id is null. The lead's row is locked, so
-- deliveries for one lead apply one at a time, in whatever order they come:
-- - a repeated delivery finds its change made and changes nothing;
-- - a booking only moves forward: requested or awaiting payment (the later of the two), then
--   booked, then rejected, cancelled or reschedule_requested, which are final: a delivery of an
--   earlier step arriving late changes nothing;
-- - a reschedule (a new booking naming the one it replaces, and, from Calendly, a cancellation
--   naming the one replacing it) leaves the lead booked at the new time, in either order; one
--   still waiting for the host leaves the lead its old booking until it is booked; one that came
--   first, naming no lead, is claimed when the booking it replaces arrives.
-- The lead then holds its newest booking still booked, else its newest still waiting, else its
-- last rejection or cancellation that nothing replaced. When that makes the lead newly booked,
-- or ends the booking sales were told of, `notice` says which ('reschedule_requested' when the
-- host asked for a new time rather than cancelling), and a notification row is made for each of
-- p_channels. Sales hear nothing of a booking still waiting, nor of the end of one they were
-- never told was booked.
create function public.apply_demo_request_booking(
  p_event jsonb,
  p_channels text[],
  p_now timestamptz
)
returns table (lead_id uuid, notice text, notice_provider text, notice_booking text)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_provider text := p_event ->> 'provider';
  v_booking text := p_event ->> 'bookingId';
  v_request text := p_event ->> 'requestId';
  v_state text := p_event ->> 'state';
  v_start timestamptz := (p_event ->> 'startTime')::timestamptz;
  v_zone text := left(coalesce(p_event ->> 'timeZone', ''), 64);
  v_occurred timestamptz := (p_event ->> 'occurredAt')::timestamptz;
  v_replaces text := p_event ->> 'replaces';
  v_replaced_by text := p_event ->> 'replacedBy';
  -- How far along each state is: a booking never goes back to a lower step.
  v_steps constant jsonb :=
    '{"requested": 1, "awaiting_payment": 1, "booked": 2, "rejected": 3, "cancelled": 3,
      "reschedule_requested": 3}';
  v_lead uuid;
  v_before public.demo_requests;
  v_existing public.demo_request_bookings;
  v_row public.demo_request_bookings;
  v_current public.demo_request_bookings;
  v_now_state text;
begin
  -- Well past any provider's retries: what no delivery claimed by then, none will.
  delete from public.demo_request_bookings b
  where b.lead_id is null and b.updated_at < p_now - interval '30 days';

  if v_request ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select d.id into v_lead from public.demo_requests d where d.id = v_request::uuid;
  end if;
  if v_lead is null then
    select b.lead_id into v_lead from public.demo_request_bookings b
    where b.provider = v_provider and b.lead_id is not null
      and b.booking_id in (v_booking, v_replaces, v_replaced_by)
    order by b.booking_id = v_booking desc
    limit 1;
  end if;
  -- A lead deleted since, or never ours: no later delivery would find it either.
  if v_lead is null and v_request is not null then
    return next;
    return;
  end if;
  if v_lead is not null then
    select * into v_before from public.demo_requests d where d.id = v_lead for update;
  end if;

  insert into public.demo_request_bookings (provider, booking_id, lead_id, state, start_time,
    time_zone, occurred_at, replaces, replaced_by, created_at, updated_at)
  values (v_provider, v_booking, v_lead, v_state, v_start, v_zone, v_occurred, v_replaces,
    case when v_state = 'cancelled' then v_replaced_by end, p_now, p_now)
  on conflict (provider, booking_id) do nothing;
  if not found then
    select * into v_existing from public.demo_request_bookings b
    where b.provider = v_provider and b.booking_id = v_booking
    for update;
    if (v_steps ->> v_state)::int > (v_steps ->> v_existing.state)::int
      or ((v_steps ->> v_state)::int = 1 and (v_steps ->> v_existing.state)::int = 1
        and v_state <> v_existing.state and v_occurred > v_existing.occurred_at) then
      update public.demo_request_bookings b
      set state = v_state, occurred_at = greatest(b.occurred_at, v_occurred),
        lead_id = coalesce(b.lead_id, v_lead), start_time = coalesce(b.start_time, v_start),
        time_zone = case when b.start_time is null then v_zone else b.time_zone end,
        replaces = coalesce(b.replaces, v_replaces),
        replaced_by = coalesce(b.replaced_by,
          case when v_state = 'cancelled' then v_replaced_by end),
        updated_at = p_now
      where b.provider = v_provider and b.booking_id = v_booking;
    else
      -- Its state stays; what an earlier delivery could not know is filled in: the lead of an
      -- unclaimed booking, the time of one known only as replaced, what a reschedule replaces.
      update public.demo_request_bookings b
      set lead_id = coalesce(b.lead_id, v_lead), start_time = coalesce(b.start_time, v_start),
        time_zone = case when b.start_time is null then v_zone else b.time_zone end,
        replaces = coalesce(b.replaces, v_replaces), updated_at = p_now
      where b.provider = v_provider and b.booking_id = v_booking
        and ((b.lead_id is null and v_lead is not null)
          or (b.start_time is null and v_start is not null)
          or (b.replaces is null and v_replaces is not null));
    end if;
  end if;

  select * into v_row from public.demo_request_bookings b
  where b.provider = v_provider and b.booking_id = v_booking;
  if v_lead is null then
    -- A delivery naming the lead may have claimed the booking while this one waited for it.
    v_lead := v_row.lead_id;
    if v_lead is null then
      return next;
      return;
    end if;
    select * into v_before from public.demo_requests d where d.id = v_lead for update;
  end if;
  lead_id := v_lead;

  -- A replacement that came before the booking it replaces, naming no lead itself (Calendly's
  -- new invitee without utm_content, after an outage's retries), is the lead's once its
  -- predecessor is: claimed here, down a chain of reschedules, whichever arrives last.
  loop
    update public.demo_request_bookings b
    set lead_id = v_lead, updated_at = p_now
    where b.provider = v_provider and b.lead_id is null
      and (b.replaces in (select o.booking_id from public.demo_request_bookings o
          where o.provider = v_provider and o.lead_id = v_lead)
        or b.booking_id in (select o.replaced_by from public.demo_request_bookings o
          where o.provider = v_provider and o.lead_id = v_lead));
    exit when not found;
  end loop;

  -- The booking a reschedule replaces is cancelled once the new one is booked, whichever
  -- delivery said what it replaces and whether or not the old one's own word came yet.
  insert into public.demo_request_bookings as b (provider, booking_id, lead_id, state,
    occurred_at, replaced_by, created_at, updated_at)
  select distinct on (n.replaces) n.provider, n.replaces, v_lead, 'cancelled', n.occurred_at,
    n.booking_id, p_now, p_now
  from public.demo_request_bookings n
  where n.provider = v_provider and n.lead_id = v_lead and n.state = 'booked'
    and n.replaces is not null
  order by n.replaces, n.occurred_at desc
  on conflict (provider, booking_id) do update
  set state = 'cancelled', replaced_by = coalesce(b.replaced_by, excluded.replaced_by),
    lead_id = coalesce(b.lead_id, excluded.lead_id),
    occurred_at = greatest(b.occurred_at, excluded.occurred_at), updated_at = p_now
  where b.state <> 'cancelled' or b.replaced_by is null or b.lead_id is null;

  select * into v_current from public.demo_request_bookings b
  where b.lead_id = v_lead and b.state = 'booked'
  order by b.occurred_at desc, b.booking_id desc
  limit 1;
  if v_current.booking_id is null then
    select * into v_current from public.demo_request_bookings b
    where b.lead_id = v_lead and b.state in ('requested', 'awaiting_payment')
    order by b.occurred_at desc, b.booking_id desc
    limit 1;
  end if;
  if v_current.booking_id is null then
    select * into v_current from public.demo_request_bookings b
    where b.lead_id = v_lead
      and b.state in ('rejected', 'cancelled', 'reschedule_requested') and b.replaced_by is null
      and b.start_time is not null
    order by b.occurred_at desc, b.booking_id desc
    limit 1;
  end if;
  -- Only a replaced cancellation so far: the lead keeps the booking it had until the new one.
  if v_current.booking_id is null then
    return next;
    return;
  end if;
  v_now_state := v_current.state;

  if v_before.booking_state is distinct from v_now_state
    or v_before.booking_id is distinct from v_current.booking_id
    or v_before.booking_provider is distinct from v_current.provider
    or v_before.booking_start is distinct from v_current.start_time then
    update public.demo_requests d
    set booking_state = v_now_state, booking_start = v_current.start_time,
      booking_time_zone = nullif(v_current.time_zone, ''), booking_provider = v_current.provider,
      booking_id = v_current.booking_id, booking_updated_at = p_now,
      booked_at = case when v_now_state = 'booked' then coalesce(d.booked_at, p_now)
        else d.booked_at end
    where d.id = v_lead;
  end if;

  -- What sales hear: a booking they have not been told of, or the end of the one they were
  -- (with no booked one left, it was cancelled, or the host asked for a new time); the rest is
  -- only stored.
  if v_now_state = 'booked' and (v_before.booking_state is distinct from 'booked'
      or v_before.booking_id is distinct from v_current.booking_id
      or v_before.booking_provider is distinct from v_current.provider) then
    notice := 'booked';
    notice_provider := v_current.provider;
    notice_booking := v_current.booking_id;
  elsif v_now_state <> 'booked' and v_before.booking_state = 'booked' then
    notice := case when v_now_state = 'reschedule_requested' then 'reschedule_requested'
      else 'cancelled' end;
    notice_provider := v_before.booking_provider;
    notice_booking := v_before.booking_id;
  end if;
  if notice is not null then
    insert into public.demo_request_booking_notifications (provider, booking_id, notice,
      channel, created_at)
    select notice_provider, notice_booking, notice, c.channel, p_now
    from unnest(p_channels) as c (channel)
    on conflict do nothing;
  end if;
  return next;
end
$$;

revoke all on function public.apply_demo_request_booking from public, anon, authenticated;
grant execute on function public.apply_demo_request_booking to service_role;


-- The funnel, from a view of the form to a booked demo (docs/analytics.md), as counters per UTC
-- day, source (the element's `source`), page (origin and path), event, and the form field and
-- message code (or route rule) where the event has one. Nothing else: no visitor, session, time
-- of day, address or user agent, so one visit's events cannot be joined once counted. Pages
-- report their events in batches (count_funnel_batch). Sent, held, routed, booked and cancelled
-- are never written here: the report reads them from the leads themselves
-- (demo_request_funnel_report), so storing a lead costs no counter, and no batch can add a send
-- or a booking. The event check still names them, so the lists stay one (funnel-sql-lists.test.ts).
--
-- A popular page's batches all add to the same few counters. Rather than queue every writer on
-- one row, each counter is split over sixteen rows (`shard`), and each batch adds to a shard
-- picked at random, as demo_request_window_totals splits the global count: concurrent batches
-- seldom wait on one another, a reader sums the shards, and nothing per visit is ever written,
-- not even for a moment, which an append-and-roll-up log would be until its roll-up.
create table public.demo_request_funnel_counts (
  day date not null,
  source text not null check (char_length(source) <= 100),
  page text not null check (char_length(page) <= 1000),
  event text not null
    check (event in ('shown', 'started', 'field-error', 'field-empty', 'send-tried', 'refused',
      'booking-shown', 'booking-link-used', 'not-now', 'sent', 'held', 'routed', 'booked',
      'cancelled')),
  -- The form field an event is about (src/fields/lead-fields.ts), or '' for none.
  field text not null default ''
    check (field in ('', 'firstName', 'lastName', 'email', 'phone', 'companyName', 'role',
      'companySize', 'message')),
  -- The message code the field was left or refused with (src/fields/demo-request-schema.ts), the
  -- number of the DEMO_REQUEST_ROUTES rule a lead was routed by, or '' for none.
  code text not null default ''
    check (code in ('', 'required', 'tooLong', 'letterOrDigit', 'invalid', 'digits',
      'controlCharacters', 'directionControls', 'notText', 'notCollected', 'notAnObject')
      or code ~ '^[1-9][0-9]{0,4}$'),
  shard smallint not null check (shard between 0 and 15),
  n bigint not null check (n >= 0),
  primary key (day, source, page, event, field, code, shard)
);

alter table public.demo_request_funnel_counts enable row level security;

comment on table public.demo_request_funnel_counts is 'Funnel counters of the demo-request form per day, source, page, event, field and code, each split over 16 shards; no visitor data.';

-- Added to only by the functions below, as their owner; the function role reads them for
-- `npm run insights` and prunes those older than ANALYTICS_RETENTION_DAYS.
revoke all on table public.demo_request_funnel_counts
  from public, anon, authenticated, service_role;
grant select, delete on table public.demo_request_funnel_counts to service_role;

create policy "service_role manages funnel counts"
  on public.demo_request_funnel_counts
  for all
  to service_role
  using (true)
  with check (true);


-- Batches per client and rate-limit window, as demo_request_rate_limits counts leads: one client
-- adds at most ANALYTICS_CLIENT_MAX page views' worth of events a window.
create table public.demo_request_funnel_rate_limits (
  client_key text not null check (char_length(client_key) = 64),
  window_start timestamptz not null,
  batches integer not null default 0 check (batches >= 0),
  primary key (client_key, window_start)
);

alter table public.demo_request_funnel_rate_limits enable row level security;

comment on table public.demo_request_funnel_rate_limits is 'Funnel batches per client and rate-limit window, for the send-demo-request function''s analytics limit.';

revoke all on table public.demo_request_funnel_rate_limits
  from public, anon, authenticated, service_role;
grant select, delete on table public.demo_request_funnel_rate_limits to service_role;

create policy "service_role manages funnel rate limits"
  on public.demo_request_funnel_rate_limits
  for all
  to service_role
  using (true)
  with check (true);

create index demo_request_funnel_rate_limits_window_idx
  on public.demo_request_funnel_rate_limits (window_start);


-- The source-and-page pairs counted each UTC day. What is counted is bounded, so that no script
-- can buy rows: a source counts at most p_source_pages pages a day (then its events fold into
-- its page 'other', which no page address can be), and the day at most p_day_pairs pairs in
-- all, its sources' 'other' pages included (then into the one pair 'other', 'other', the day's
-- last). Read by the report to fold the leads' pages the same way.
create table public.demo_request_funnel_pages (
  day date not null,
  source text not null check (char_length(source) <= 100),
  page text not null check (char_length(page) <= 1000),
  primary key (day, source, page)
);

alter table public.demo_request_funnel_pages enable row level security;

comment on table public.demo_request_funnel_pages is 'Source-and-page pairs the funnel counts per UTC day, within ANALYTICS_SOURCE_PAGES_MAX and ANALYTICS_DAY_PAIRS_MAX; no visitor data.';

revoke all on table public.demo_request_funnel_pages
  from public, anon, authenticated, service_role;
grant select, delete on table public.demo_request_funnel_pages to service_role;

create policy "service_role manages funnel pages"
  on public.demo_request_funnel_pages
  for all
  to service_role
  using (true)
  with check (true);


-- The pairs a day has admitted so far, its 'other' pair aside. A new pair is admitted with this
-- row locked, so concurrent batches never admit more than the bound between them; a pair seen
-- before, or a day already full, never waits on it.
create table public.demo_request_funnel_days (
  day date primary key,
  pairs integer not null default 0 check (pairs >= 0)
);

alter table public.demo_request_funnel_days enable row level security;

comment on table public.demo_request_funnel_days is 'Source-and-page pairs the funnel has admitted per UTC day.';

revoke all on table public.demo_request_funnel_days
  from public, anon, authenticated, service_role;
grant select, delete on table public.demo_request_funnel_days to service_role;

create policy "service_role manages funnel days"
  on public.demo_request_funnel_days
  for all
  to service_role
  using (true)
  with check (true);


-- The page a counter is kept under: the address cut at its first ? or #, as funnelPage
-- (src/analytics/funnel-events.ts) cuts a batch's page, so a page's views and its leads meet.
create function public.demo_request_funnel_page(p_url text)
returns text
language sql
immutable
set search_path = ''
as $$
  select left(coalesce(substring(p_url from '^[^?#]*'), ''), 1000)
$$;

revoke all on function public.demo_request_funnel_page from public, anon, authenticated;
grant execute on function public.demo_request_funnel_page to service_role;


-- Where a batch's events are counted on p_day: its own source and page once admitted, else the
-- source's 'other' page, else the day's 'other' pair (demo_request_funnel_pages). Called by
-- count_funnel_batch as its owner.
create function public.demo_request_funnel_admit(
  p_day date,
  p_source text,
  p_page text,
  p_source_pages integer,
  p_day_pairs integer
)
returns table (source text, page text)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  v_pairs integer;
begin
  source := p_source;
  page := p_page;
  if exists (select from public.demo_request_funnel_pages f
      where f.day = p_day and f.source = p_source and f.page = p_page) then
    return next;
    return;
  end if;
  -- A full day stays full: read without the lock, it may only say "not yet" wrongly.
  select d.pairs into v_pairs from public.demo_request_funnel_days d where d.day = p_day;
  if v_pairs is null or v_pairs < p_day_pairs then
    insert into public.demo_request_funnel_days as d (day) values (p_day)
    on conflict (day) do nothing;
    select d.pairs into v_pairs from public.demo_request_funnel_days d where d.day = p_day
    for update;
    -- Under the lock, what a batch that held it before admitted is seen.
    if exists (select from public.demo_request_funnel_pages f
        where f.day = p_day and f.source = p_source and f.page = p_page) then
      return next;
      return;
    end if;
    if v_pairs < p_day_pairs and (select count(*) from public.demo_request_funnel_pages f
        where f.day = p_day and f.source = p_source and f.page <> 'other') < p_source_pages then
      insert into public.demo_request_funnel_pages (day, source, page)
      values (p_day, p_source, p_page);
      update public.demo_request_funnel_days d set pairs = d.pairs + 1 where d.day = p_day;
      return next;
      return;
    end if;
  end if;
  -- Past the source's bound: its 'other' page, admitted while the day has room.
  page := 'other';
  if exists (select from public.demo_request_funnel_pages f
      where f.day = p_day and f.source = p_source and f.page = 'other') then
    return next;
    return;
  end if;
  if v_pairs < p_day_pairs then
    -- Still under the lock taken above: the day had room, the source none.
    insert into public.demo_request_funnel_pages (day, source, page)
    values (p_day, p_source, 'other');
    update public.demo_request_funnel_days d set pairs = d.pairs + 1 where d.day = p_day;
    return next;
    return;
  end if;
  -- Past the day's bound: its one 'other' pair, outside the count.
  source := 'other';
  insert into public.demo_request_funnel_pages (day, source, page)
  values (p_day, 'other', 'other')
  on conflict do nothing;
  return next;
end
$$;

revoke all on function public.demo_request_funnel_admit
  from public, anon, authenticated, service_role;


-- Counts one page's batch of events (p_events: [{"event", "field", "code"}], as the function
-- checked them against src/analytics/funnel-events.ts) on p_day, within the client's limit of
-- p_client_max batches a window, under the pair demo_request_funnel_admit gives it. Returns
-- false, adding nothing, when the client is over its limit. The events the function counts from
-- its own records are refused here as well.
create function public.count_funnel_batch(
  p_events jsonb,
  p_source text,
  p_page text,
  p_day date,
  p_client_key text,
  p_window_start timestamptz,
  p_client_max integer,
  p_source_pages integer default 200,
  p_day_pairs integer default 1000
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_batches integer;
  v_place record;
  -- One shard for the whole batch: its rows are then locked in one order, the statement's.
  v_shard smallint := floor(random() * 16)::smallint;
begin
  if exists (select from jsonb_to_recordset(p_events) as e (event text)
      where e.event in ('sent', 'held', 'routed', 'booked', 'cancelled')) then
    raise exception 'count_funnel_batch counts page events only';
  end if;
  insert into public.demo_request_funnel_rate_limits as l (client_key, window_start, batches)
  values (p_client_key, p_window_start, 1)
  on conflict (client_key, window_start) do update set batches = l.batches + 1
  returning l.batches into v_batches;
  if v_batches > p_client_max then
    return false;
  end if;
  select * into v_place
  from public.demo_request_funnel_admit(p_day, p_source, p_page, p_source_pages, p_day_pairs);
  insert into public.demo_request_funnel_counts as c (day, source, page, event, field, code,
    shard, n)
  select p_day, v_place.source, v_place.page, e.event, coalesce(e.field, ''),
    coalesce(e.code, ''), v_shard, count(*)
  from jsonb_to_recordset(p_events) as e (event text, field text, code text)
  group by e.event, coalesce(e.field, ''), coalesce(e.code, '')
  order by e.event, coalesce(e.field, ''), coalesce(e.code, '')
  on conflict (day, source, page, event, field, code, shard) do update set n = c.n + excluded.n;
  return true;
end
$$;

revoke all on function public.count_funnel_batch from public, anon, authenticated;
grant execute on function public.count_funnel_batch to service_role;


-- Folds the shards of each counter of the two days before p_before (the function's today) into
-- shard 0. Shards spare a busy page's concurrent batches waiting on one row; once its day is
-- over nothing writes there, and the 16 rows a counter could take are one again, so a day kept
-- for ANALYTICS_RETENTION_DAYS costs at most one row a counter. Run with the pruning, hourly;
-- a late batch's rows in a random shard are folded on the next run.
create function public.demo_request_funnel_compact(p_before date)
returns void
language sql
security definer
set search_path = ''
as $$
  with moved as (
    delete from public.demo_request_funnel_counts c
    where c.day >= p_before - 2 and c.day < p_before and c.shard <> 0
    returning c.day, c.source, c.page, c.event, c.field, c.code, c.n
  )
  insert into public.demo_request_funnel_counts as c (day, source, page, event, field, code,
    shard, n)
  select m.day, m.source, m.page, m.event, m.field, m.code, 0, sum(m.n)
  from moved m
  group by m.day, m.source, m.page, m.event, m.field, m.code
  on conflict (day, source, page, event, field, code, shard) do update set n = c.n + excluded.n
$$;

revoke all on function public.demo_request_funnel_compact from public, anon, authenticated;
grant execute on function public.demo_request_funnel_compact to service_role;


-- The funnel's events the function knows from its own records, read from the leads (not spam)
-- from p_since on (of p_source alone when given), per UTC day the lead was sent, source, page
-- (cut as a batch's is) and event: sent, held, routed (code: its rule), booked (the lead held a
-- booked demo at some time: booked_at) and cancelled (one it held was cancelled, and nothing
-- booked took its place). A request the host rejected or the visitor withdrew before it was
-- booked is neither, and a host's request for a new time is no cancellation. The one place these
-- are derived: the report (demo_request_funnel_report) and the per-day counts read them here.
create function public.demo_request_funnel_lead_events(p_since date, p_source text default null)
returns table (day date, source text, page text, event text, code text, n bigint)
language sql
stable
security definer
set search_path = ''
as $$
  select l.day, l.source, l.page, e.event, e.code, count(*)::bigint
  from (
    select (r.created_at at time zone 'UTC')::date as day, coalesce(r.source, '') as source,
      public.demo_request_funnel_page(r.page_url) as page, r.held_until is not null as held,
      r.route_rule, r.booking_state, r.booked_at is not null as booked
    from public.demo_requests r
    where not r.is_spam and r.created_at >= p_since::timestamptz
      and (p_source is null or coalesce(r.source, '') = p_source)
  ) l
  cross join lateral (
    select 'sent'::text as event, ''::text as code
    union all select 'held', '' where l.held
    union all select 'routed', l.route_rule::text where l.route_rule is not null
    union all select 'booked', '' where l.booked
    union all select 'cancelled', '' where l.booked and l.booking_state = 'cancelled'
  ) e
  group by l.day, l.source, l.page, e.event, e.code
$$;

revoke all on function public.demo_request_funnel_lead_events from public, anon, authenticated;
grant execute on function public.demo_request_funnel_lead_events to service_role;


-- The funnel from p_since on (of p_source alone when given), summed in SQL so a report never
-- holds a row per counter: the pages' events from the counters, and the function's own from the
-- leads (demo_request_funnel_lead_events). A lead's page folds as a
-- batch's would have: its own if its day admitted it or had room left for it, else its source's
-- 'other', else the day's. `part` says which sum a row belongs to: 'page' (per source, page and
-- event), 'field' (per field, event and code) or 'day' (sent and booked per day).
create function public.demo_request_funnel_report(
  p_since date,
  p_source text default null,
  p_source_pages integer default 200,
  p_day_pairs integer default 1000
)
returns table (part text, day date, source text, page text, event text, field text, code text,
  n bigint)
language sql
stable
security definer
set search_path = ''
as $$
  with counted as (
    select c.day, c.source, c.page, c.event, c.field, c.code, c.n
    from public.demo_request_funnel_counts c
    where c.day >= p_since and (p_source is null or c.source = p_source)
  ),
  lead_events as (
    select * from public.demo_request_funnel_lead_events(p_since, p_source)
  ),
  pairs as (
    select distinct l.day, l.source, l.page from lead_events l
  ),
  folded as (
    select p.day, p.source, p.page,
      case
        when exists (select from public.demo_request_funnel_pages f
            where f.day = p.day and f.source = p.source and f.page = p.page)
          or (coalesce(d.pairs, 0) < p_day_pairs and (select count(*)
            from public.demo_request_funnel_pages f
            where f.day = p.day and f.source = p.source and f.page <> 'other') < p_source_pages)
          then p.source
        when exists (select from public.demo_request_funnel_pages f
            where f.day = p.day and f.source = p.source and f.page = 'other')
          or coalesce(d.pairs, 0) < p_day_pairs then p.source
        else 'other'
      end as to_source,
      case
        when exists (select from public.demo_request_funnel_pages f
            where f.day = p.day and f.source = p.source and f.page = p.page)
          or (coalesce(d.pairs, 0) < p_day_pairs and (select count(*)
            from public.demo_request_funnel_pages f
            where f.day = p.day and f.source = p.source and f.page <> 'other') < p_source_pages)
          then p.page
        else 'other'
      end as to_page
    from pairs p
    left join public.demo_request_funnel_days d on d.day = p.day
  ),
  from_leads as (
    select l.day, f.to_source as source, f.to_page as page, l.event, ''::text as field, l.code,
      l.n
    from lead_events l
    join folded f on f.day = l.day and f.source = l.source and f.page = l.page
  ),
  everything as (
    select * from counted union all select * from from_leads
  )
  select 'page', null::date, e.source, e.page, e.event, '', '', sum(e.n)::bigint
  from everything e group by e.source, e.page, e.event
  union all
  select 'field', null::date, '', '', e.event, e.field, e.code, sum(e.n)::bigint
  from everything e where e.field <> '' group by e.event, e.field, e.code
  union all
  select 'day', e.day, '', '', e.event, '', '', sum(e.n)::bigint
  from everything e where e.event in ('sent', 'booked') group by e.day, e.event
$$;

revoke all on function public.demo_request_funnel_report from public, anon, authenticated;
grant execute on function public.demo_request_funnel_report to service_role;
