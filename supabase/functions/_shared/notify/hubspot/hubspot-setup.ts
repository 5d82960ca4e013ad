import { isRecord } from '#core/is-record.ts'
import { hubSpotRefusal } from './hubspot-api.ts'
import { demoRequestIdProperty } from './hubspot-records.ts'
import type { HubSpotSettings } from './hubspot-settings.ts'

/**
 * The one-time setup of a HubSpot account: the deal property `demo_request_id`, unique, which
 * deals are upserted by. Resolves `created`, or `existed` when HubSpot has it already (its 409),
 * so running it again is harmless.
 */
export async function createDemoRequestIdProperty(
  settings: Pick<HubSpotSettings, 'apiUrl' | 'accessToken'>,
  options: { fetch?: typeof globalThis.fetch; now?: () => Date } = {},
): Promise<'created' | 'existed'> {
  const path = '/crm/v3/properties/deals'
  const response = await (options.fetch ?? fetch)(`${settings.apiUrl}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      authorization: `Bearer ${settings.accessToken}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      name: demoRequestIdProperty,
      label: 'Demo request id',
      description: 'The demo request this deal is for, set by the demo-request form',
      groupName: 'dealinformation',
      type: 'string',
      fieldType: 'text',
      hasUniqueValue: true,
    }),
  })
  const reply: unknown = await response.json().catch(() => ({}))
  if (response.ok) return 'created'
  if (response.status === 409) return 'existed'
  throw hubSpotRefusal(
    {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: isRecord(reply) ? reply : {},
    },
    path,
    { now: options.now ?? (() => new Date()), timeZone: 'UTC' },
  )
}
