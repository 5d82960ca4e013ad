-- Every read of people's details on the trail: a page of the console's list of leads (each
-- search among them too) is recorded as `list_leads`, with its filter's settings and the rows
-- it returned, as an export is; a search's text is not kept, only that there was one.
alter table public.console_audit drop constraint console_audit_action_check;
alter table public.console_audit add constraint console_audit_action_check
  check (action in ('sign_in', 'list_leads', 'view_lead', 'export', 'status_change',
    'note_added', 'invite', 'role_change', 'remove', 'erase'));
