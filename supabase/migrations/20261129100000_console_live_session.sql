-- A token signed out (or of a person Auth has deleted) must stop opening the console at once,
-- not at its expiry an hour later. Supabase Auth deletes a session's row from auth.sessions when
-- its person signs out or is deleted, and every access token names its session (`session_id`):
-- so the one lookup of the caller's staff row that each of the console's transactions makes
-- asks, in the same query, whether that session is still there, by its primary key. Read past
-- the staff's role, which may not name schema `auth`, as the definer: the migrations' role,
-- `postgres` on Supabase, to which Supabase grants the tables Auth makes there.
create function public.console_caller()
returns table (email text, role text, sources text[], session_live boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_session text := auth.jwt() ->> 'session_id';
begin
  -- A claim that is no uuid names no session; cast, it would fail the query instead.
  if v_session !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    v_session := null;
  end if;
  return query
    select s.email, s.role, s.sources,
      exists (
        select from auth.sessions a
        where a.id = v_session::uuid and a.user_id = s.user_id
          and (a.not_after is null or a.not_after > now())
      )
    from public.console_staff s
    where s.user_id = auth.uid();
end
$$;

revoke all on function public.console_caller() from public, anon, authenticated;
grant execute on function public.console_caller() to console_staff_role;
