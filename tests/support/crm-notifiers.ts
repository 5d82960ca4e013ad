import {
  createHubSpotNotifier,
  type HubSpotNotifierOptions,
} from '#shared/notify/hubspot/hubspot-notifier.ts'
import { readHubSpotSettings } from '#shared/notify/hubspot/hubspot-settings.ts'
import {
  createSalesforceNotifier,
  type SalesforceNotifierOptions,
} from '#shared/notify/salesforce/salesforce-notifier.ts'
import { readSalesforceSettings } from '#shared/notify/salesforce/salesforce-settings.ts'
import type { HubSpotStandIn } from './hubspot-stand-in.ts'
import type { SalesforceStandIn } from './salesforce-stand-in.ts'

/** The settings a firm would give, as the function reads them; `env` adds to or overrides them. */
const settingsOf = <Settings>(
  read: (env: (name: string) => string | undefined) => Settings | null,
  env: Record<string, string>,
): Settings => {
  const settings = read((name) => env[name])
  if (settings === null) throw new Error('The CRM settings of the test are incomplete')
  return settings
}

/** The HubSpot notifier on `api`, with HubSpot's defaults as the function reads its settings. */
export function hubSpotNotifierOn(
  api: HubSpotStandIn,
  env: Record<string, string> = {},
  options: Partial<HubSpotNotifierOptions> = {},
) {
  const settings = settingsOf(readHubSpotSettings, {
    HUBSPOT_ACCESS_TOKEN: api.token,
    HUBSPOT_API_URL: api.url,
    ...env,
  })
  return createHubSpotNotifier({ ...settings, ...options })
}

/** The Salesforce notifier on `org`, with its defaults as the function reads its settings. */
export function salesforceNotifierOn(
  org: SalesforceStandIn,
  env: Record<string, string> = {},
  options: Partial<SalesforceNotifierOptions> = {},
) {
  const settings = settingsOf(readSalesforceSettings, {
    SALESFORCE_URL: org.url,
    SALESFORCE_CLIENT_ID: org.clientId,
    SALESFORCE_CLIENT_SECRET: org.clientSecret,
    SALESFORCE_LEAD_ID_FIELD: org.leadIdField,
    SALESFORCE_MEETING_OUTCOME_FIELD: org.meetingOutcomeField,
    ...env,
  })
  return createSalesforceNotifier({ ...settings, ...options })
}
