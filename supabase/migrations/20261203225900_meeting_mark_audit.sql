-- A meeting marked by hand (20261203200000_meeting_outcome.sql) is on the trail as
-- `meeting_mark`, with the outcome only. Apart, and after the share links' migration, which
-- restates the list of actions (and so would drop one added before it): this adds the action to
-- the list as it stands, as the funnel reports' migration adds its own.
do $$
declare
  v_check text;
begin
  select pg_get_constraintdef(c.oid) into v_check
  from pg_constraint c
  where c.conrelid = 'public.console_audit'::regclass and c.conname = 'console_audit_action_check';
  if v_check not like '%''meeting_mark''%' then
    execute 'alter table public.console_audit drop constraint console_audit_action_check, '
      || 'add constraint console_audit_action_check '
      || replace(v_check, 'ARRAY[', 'ARRAY[''meeting_mark''::text, ');
  end if;
end
$$;
