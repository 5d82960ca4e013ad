import { meetingOutcomes } from '#core/console-api.ts'
import { isRecord } from '#core/is-record.ts'
import { hubSpotRefusal } from './hubspot-api.ts'
import { demoRequestIdProperty, meetingOutcomeProperty } from './hubspot-records.ts'
import type { HubSpotSettings } from './hubspot-settings.ts'

// HubSpot shows these labels to the firm's people; the values are what the notifier sends.
const outcomeLabels = { met: 'Met', no_show: 'No-show', host_absent: 'Host absent' } as const

/** The deal properties the notifier writes beyond HubSpot's own, as the setup makes them. */
const dealPropertyDefinitions = [
  {
    name: demoRequestIdProperty,
    label: 'Demo request id',
    description: 'The demo request this deal is for, set by the demo-request form',
    groupName: 'dealinformation',
    type: 'string',
    fieldType: 'text',
    hasUniqueValue: true,
  },
  {
    name: meetingOutcomeProperty,
    label: 'Demo meeting outcome',
    description:
      'How the booked demo ended (met, the guest a no-show, or our host absent), set by the demo-request console; empty until it has ended',
    groupName: 'dealinformation',
    type: 'enumeration',
    fieldType: 'select',
    options: meetingOutcomes.map((value, index) => ({
      label: outcomeLabels[value],
      value,
      displayOrder: index + 1,
      hidden: false,
    })),
  },
] as const

type Made = 'created' | 'existed'

/**
 * The one-time setup of a HubSpot account: the deal property `demo_request_id`, unique, which
 * deals are upserted by, and `demo_meeting_outcome`, which a lead's meeting outcome is written
 * to. Resolves each one's name with `created`, or `existed` when HubSpot has it already (its
 * 409), so running it again is harmless.
 */
export async function createDealProperties(
  settings: Pick<HubSpotSettings, 'apiUrl' | 'accessToken'>,
  options: { fetch?: typeof globalThis.fetch; now?: () => Date } = {},
): Promise<Record<string, Made>> {
  const path = '/crm/v3/properties/deals'
  const made: Record<string, Made> = {}
  // One at a time: a refused token is reported once, before the second is asked.
  for (const definition of dealPropertyDefinitions) {
    const response = await (options.fetch ?? fetch)(`${settings.apiUrl}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        authorization: `Bearer ${settings.accessToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(definition),
    })
    const reply: unknown = await response.json().catch(() => ({}))
    if (response.ok || response.status === 409) {
      made[definition.name] = response.ok ? 'created' : 'existed'
      continue
    }
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
  return made
}
