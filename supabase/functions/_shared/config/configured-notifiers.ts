// The notifiers the settings name, built in one place: the backend's dispatcher sends through
// them, and the console's Integrations page tells which are set and sends its tests with them.

import { createHubSpotNotifier } from '../notify/hubspot/hubspot-notifier.ts'
import type { Notifier } from '../notify/notifier.ts'
import { createResendNotifier } from '../notify/resend-notifier.ts'
import { createSalesforceNotifier } from '../notify/salesforce/salesforce-notifier.ts'
import { createSlackNotifier } from '../notify/slack-notifier.ts'
import { createTeamsNotifier } from '../notify/teams-notifier.ts'
import { createWebhookNotifier } from '../notify/webhook-notifier.ts'
import type { FunctionConfig } from './function-config.ts'

/** The settings the notifiers are built from. */
export type NotifierSettings = Pick<
  FunctionConfig,
  'email' | 'webhook' | 'hubspot' | 'salesforce' | 'salesTimeZone' | 'chat' | 'routes'
>

/** The chat notifiers the settings name: Slack, Teams, both or none. */
function chatNotifiers({ chat, routes, salesTimeZone }: NotifierSettings): Notifier[] {
  const shared = { consoleUrl: chat.consoleUrl, timeZone: salesTimeZone, routes }
  return [
    ...(chat.slackWebhookUrl === null
      ? []
      : [createSlackNotifier({ ...shared, webhookUrl: chat.slackWebhookUrl })]),
    ...(chat.teamsWebhookUrl === null
      ? []
      : [createTeamsNotifier({ ...shared, webhookUrl: chat.teamsWebhookUrl })]),
  ]
}

/** The notifiers the settings name: email, a signed webhook, the CRMs, Slack, Teams, any or none. */
export function configuredNotifiers(config: NotifierSettings): Notifier[] {
  return [
    ...(config.email === null
      ? []
      : [createResendNotifier({ ...config.email, timeZone: config.salesTimeZone })]),
    ...(config.webhook === null
      ? []
      : [createWebhookNotifier({ ...config.webhook, timeZone: config.salesTimeZone })]),
    ...chatNotifiers(config),
    ...(config.hubspot === null
      ? []
      : [createHubSpotNotifier({ ...config.hubspot, timeZone: config.salesTimeZone })]),
    ...(config.salesforce === null
      ? []
      : [createSalesforceNotifier({ ...config.salesforce, timeZone: config.salesTimeZone })]),
  ]
}
