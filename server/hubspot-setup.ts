// `npm run hubspot:setup`: creates the unique deal property `demo_request_id` in the HubSpot
// account of HUBSPOT_ACCESS_TOKEN, once, before leads are sent there. Safe to run again.

import { readHubSpotSettings } from '#shared/notify/hubspot/hubspot-settings.ts'
import { createDemoRequestIdProperty } from '#shared/notify/hubspot/hubspot-setup.ts'

try {
  const settings = readHubSpotSettings((name) => process.env[name])
  if (settings === null) {
    throw new Error(
      "Set HUBSPOT_ACCESS_TOKEN to a HubSpot private app's token (docs/integrations.md#hubspot)",
    )
  }
  const outcome = await createDemoRequestIdProperty(settings)
  process.stdout.write(
    outcome === 'created'
      ? 'Created the deal property demo_request_id: HubSpot is ready for leads.\n'
      : 'The deal property demo_request_id exists already: HubSpot is ready for leads.\n',
  )
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : error}\n`)
  process.exitCode = 1
}
