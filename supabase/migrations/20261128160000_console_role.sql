-- The console's data through the console function alone. Supabase's Data API (PostgREST, under
-- /rest/v1) serves every table and function of `public` to any request bearing a signed-in
-- person's token, as the role `authenticated`: granted to that role, the console's policies let a
-- salesperson read leads, add a status change or call console_audit_record by hand, past the
-- function that writes the audit trail (who viewed, exported or changed a lead). So the staff
-- get a role of their own, `console_staff_role`, which PostgREST cannot become: it may switch
-- only to the roles granted to its login `authenticator`, and this one never is. The console
-- function's connection (the database owner) switches to it per transaction with the person's
-- claims, as PostgREST would, so the same policies still decide, and `auth.uid()` still names
-- the person.
--
-- Written over the catalogue rather than table by table, so that it also moves whatever the
-- migrations before it granted to `authenticated` for the console (a table, a policy, a
-- console_* function), and a later reader finds the rule in one place.

-- A role belongs to the server, not to one database: several databases of one server (tests)
-- may migrate at once, and the second to create it is told it exists.
do $$
begin
  create role console_staff_role nologin noinherit;
exception
  when duplicate_object or unique_violation then null;
end
$$;

-- The connection that runs the migrations is the function's (`postgres` on Supabase). From
-- PostgreSQL 16 on its creator holds the role with ADMIN but may not SET it, so it grants itself
-- SET; before 16 CREATEROLE grants any membership. A superuser (local databases) needs none.
do $$
begin
  if current_setting('server_version_num')::int >= 160000 then
    if not pg_has_role(current_user, 'console_staff_role', 'SET') then
      execute 'grant console_staff_role to current_user with inherit false, set true';
    end if;
  elsif not pg_has_role(current_user, 'console_staff_role', 'MEMBER') then
    execute 'grant console_staff_role to current_user';
  end if;
end
$$;

grant usage on schema public to console_staff_role;

-- Each table's privileges of `authenticated` move to the staff's role, whatever they are.
do $$
declare
  t record;
begin
  for t in
    select c.oid::regclass as name, string_agg(distinct a.privilege_type, ', ') as privileges
    from pg_class c
    cross join lateral aclexplode(c.relacl) a
    where c.relnamespace = 'public'::regnamespace
      and c.relkind in ('r', 'p', 'v', 'm', 'f')
      and a.grantee = 'authenticated'::regrole
    group by c.oid
  loop
    execute format('grant %s on table %s to console_staff_role', t.privileges, t.name);
    execute format('revoke all on table %s from public, anon, authenticated', t.name);
  end loop;
end
$$;

-- Every policy for `authenticated` is the console's: it now applies to the staff's role instead.
do $$
declare
  p record;
begin
  for p in
    select pol.polname, pol.polrelid::regclass as tbl,
      (select string_agg(case when r = 'authenticated'::regrole then 'console_staff_role'
          else quote_ident(r::regrole::text) end, ', ')
        from unnest(pol.polroles) r) as roles
    from pg_policy pol
    join pg_class c on c.oid = pol.polrelid
    where c.relnamespace = 'public'::regnamespace
      and 'authenticated'::regrole = any (pol.polroles)
  loop
    execute format('alter policy %I on %s to %s', p.polname, p.tbl, p.roles);
  end loop;
end
$$;

-- The console's functions: the staff's role may call those `authenticated` could, nobody else;
-- the others (the trail's pruning, for service_role; the stamping trigger) stay as they were.
do $$
declare
  f record;
begin
  for f in
    select p.oid::regprocedure as name,
      has_function_privilege('authenticated', p.oid, 'execute') as was_callable
    from pg_proc p
    where p.pronamespace = 'public'::regnamespace
      and p.proname like 'console\_%'
      and p.prokind = 'f'
      and p.prorettype <> 'trigger'::regtype
  loop
    execute format('revoke all on function %s from public, anon, authenticated', f.name);
    if f.was_callable then
      execute format('grant execute on function %s to console_staff_role', f.name);
    end if;
  end loop;
end
$$;
