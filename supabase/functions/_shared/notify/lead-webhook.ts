import type { LeadNotice } from './notifier.ts'

/** The JSON body posted for a lead, in the Standard Webhooks shape: `type`, `timestamp`, `data`. */
export interface LeadWebhook {
  type: 'demo_request.created'
  /** When the lead was stored, so every attempt carries the same body. */
  timestamp: string
  /** One line for people, escaped for Slack, so a Slack incoming webhook can take it as is. */
  text: string
  data: Omit<LeadNotice, 'createdAt'> & { createdAt: string }
}

// Slack reads `<…>` as links and mentions, and `&` starts an entity; visitors type all three.
const slackEscape = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

/** The webhook body for a lead: a pure function of the stored row. */
export function leadWebhook(lead: LeadNotice): LeadWebhook {
  const createdAt = lead.createdAt.toISOString()
  return {
    type: 'demo_request.created',
    timestamp: createdAt,
    text: slackEscape(
      `Demo request: ${lead.firstName} ${lead.lastName}, ${lead.companyName} (${lead.companySize})${
        lead.email ? `, ${lead.email}` : ''
      }${lead.utmCampaign ? `, campaign ${lead.utmCampaign}` : ''}`,
    ),
    data: {
      id: lead.id,
      firstName: lead.firstName,
      lastName: lead.lastName,
      companyName: lead.companyName,
      companySize: lead.companySize,
      email: lead.email,
      phone: lead.phone,
      phoneE164: lead.phoneE164,
      role: lead.role,
      message: lead.message,
      source: lead.source,
      pageUrl: lead.pageUrl,
      referrer: lead.referrer,
      utmSource: lead.utmSource,
      utmMedium: lead.utmMedium,
      utmCampaign: lead.utmCampaign,
      utmTerm: lead.utmTerm,
      utmContent: lead.utmContent,
      createdAt,
    },
  }
}
