import {
  type LeadFieldName,
  leadField,
  leadFieldNames,
  type leadFields,
} from '#core/lead-fields.ts'
import type { LeadNotice } from './notifier.ts'

/** The JSON body posted for a lead, in the Standard Webhooks shape: `type`, `timestamp`, `data`. */
export interface LeadWebhook {
  /** Sent, or sent to a booking page and not booked by NO_BOOKING_ALERT_SECONDS. */
  type: 'demo_request.created' | 'demo_request.not_booked'
  /** When the lead was stored, so every attempt carries the same body. */
  timestamp: string
  /** One line for people, escaped for Slack, so a Slack incoming webhook can take it as is. */
  text: string
  /** The lead's id, its fields under their catalogue keys, and when it was stored. */
  data: { id: string } & Pick<LeadNotice, WebhookFieldName> & { createdAt: string }
}

type Entries = typeof leadFields
type WebhookFieldName = {
  [Name in LeadFieldName]: Entries[Name] extends { webhook: true } ? Name : never
}[LeadFieldName]

// Partners' integrations read these keys: a field keeps its catalogue key for good.
const webhookFieldNames = leadFieldNames.filter(
  (name) => leadField(name).webhook,
) as readonly WebhookFieldName[]

// Slack reads `<…>` as links and mentions, and `&` starts an entity; visitors type all three.
export const slackEscape = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

/** The webhook body for a lead: a pure function of the stored row. */
export function leadWebhook(
  lead: LeadNotice,
  type: LeadWebhook['type'] = 'demo_request.created',
): LeadWebhook {
  const createdAt = lead.createdAt.toISOString()
  const what = type === 'demo_request.created' ? 'Demo request' : 'Sent but not booked'
  return {
    type,
    timestamp: createdAt,
    text: slackEscape(
      `${what}: ${lead.firstName} ${lead.lastName}, ${lead.companyName} (${lead.companySize})${
        lead.email ? `, ${lead.email}` : ''
      }${lead.utmCampaign ? `, campaign ${lead.utmCampaign}` : ''}`,
    ),
    data: {
      id: lead.id,
      ...(Object.fromEntries(webhookFieldNames.map((name) => [name, lead[name]])) as Pick<
        LeadNotice,
        WebhookFieldName
      >),
      createdAt,
    },
  }
}
