// `npm run hubspot:setup`: creates the deal properties `demo_request_id` (unique) and
// `demo_meeting_outcome` in the HubSpot account of HUBSPOT_ACCESS_TOKEN, once, before leads are
// sent there. Safe to run again.

import { readHubSpotSettings } from '#shared/notify/hubspot/hubspot-settings.ts'
import { createDealProperties } from '#shared/notify/hubspot/hubspot-setup.ts'

try {
  const settings = readHubSpotSettings((name) => process.env[name])
  if (settings === null) {
    throw new Error(
      "Set HUBSPOT_ACCESS_TOKEN to a HubSpot private app's token (docs/integrations.md#hubspot)",
    )
  }
  const made = await createDealProperties(settings)
  for (const [name, outcome] of Object.entries(made)) {
    process.stdout.write(
      outcome === 'created'
        ? `Created the deal property ${name}.\n`
        : `The deal property ${name} exists already.\n`,
    )
  }
  process.stdout.write('HubSpot is ready for leads.\n')
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : error}\n`)
  process.exitCode = 1
}
