-- The channels sales work in besides email and the signed webhook: HubSpot and Salesforce (a
-- record kept in step with the lead) and Slack and Teams (a message). Each is delivered and
-- tracked on its own row, as email and the webhook are.
alter table public.demo_request_notifications
  drop constraint demo_request_notifications_channel_check,
  add constraint demo_request_notifications_channel_check
    check (channel in ('email', 'webhook', 'hubspot', 'salesforce', 'slack', 'teams'));

alter table public.demo_request_digests
  drop constraint demo_request_digests_channel_check,
  add constraint demo_request_digests_channel_check
    check (channel in ('email', 'webhook', 'hubspot', 'salesforce', 'slack', 'teams'));

alter table public.demo_request_booking_notifications
  drop constraint demo_request_booking_notifications_channel_check,
  add constraint demo_request_booking_notifications_channel_check
    check (channel in ('email', 'webhook', 'hubspot', 'salesforce', 'slack', 'teams'));
