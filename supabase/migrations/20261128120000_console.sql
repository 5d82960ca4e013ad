-- The staff console: who may sign in, with which role. Row-level security on every table, so
-- what each role reads and changes is decided here, not by the code in front of it.

-- A person of the firm's staff, or of a partner firm: the Supabase Auth user, their role, and
-- for a partner the sources (the form's `source` attribute) whose counts they see.
create table public.console_staff (
  user_id uuid primary key,
  email text not null unique check (char_length(email) between 3 and 320),
  role text not null check (role in ('owner', 'sales', 'marketing', 'partner')),
  sources text[] not null default '{}',
  invited_at timestamptz not null default now(),
  invited_by uuid
);
alter table public.console_staff enable row level security;
revoke all on table public.console_staff from public, anon, authenticated, service_role;
