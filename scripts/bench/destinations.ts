// Every destination a lead can go to, each a recording stand-in on a port of its own: the email
// API and the lead webhook, Slack, Teams, HubSpot and Salesforce. The speed-to-lead section
// starts them in its own process (their receipts are timed on its clock); the backend section
// runs them in a child (destinations-process.ts) so their work stays off the load client.
import {
  type ChatWebhookStandIn,
  startChatWebhookStandIn,
} from '../../tests/support/chat-webhook-stand-in.ts'
import {
  type EmailApiStandIn,
  startEmailApiStandIn,
} from '../../tests/support/email-api-stand-in.ts'
import { type HubSpotStandIn, startHubSpotStandIn } from '../../tests/support/hubspot-stand-in.ts'
import {
  type SalesforceStandIn,
  startSalesforceStandIn,
} from '../../tests/support/salesforce-stand-in.ts'

/** The destinations, in the order the rows name them. */
export const destinationNames = [
  'email',
  'webhook',
  'Slack',
  'Teams',
  'HubSpot',
  'Salesforce',
] as const
export type DestinationName = (typeof destinationNames)[number]

/** One thing a destination took in: the text that names its lead, and when it arrived. */
interface Receipt {
  text: string
  receivedAt: number
}

/** The stand-ins themselves: the email API's serves the lead webhook too. */
interface DestinationStandIns {
  sales: EmailApiStandIn
  slack: ChatWebhookStandIn
  teams: ChatWebhookStandIn
  hubspot: HubSpotStandIn
  salesforce: SalesforceStandIn
}

export interface Destinations {
  /** The settings that point the backend at every stand-in. */
  env: Record<string, string>
  standIns: DestinationStandIns
  /** What each destination has taken in so far, first come first. */
  receipts(): Record<DestinationName, Receipt[]>
  close(): Promise<void>
}

// The stand-ins' own records, each as the receipts of what sales would see: the email and the
// webhook's post, the Slack message and the Teams card as received, the HubSpot deal and the
// Salesforce Lead when the upsert that created them arrived (HubSpot's contact comes before
// its deal, so the deal is when the lead is in the CRM).
function receiptsOf(
  sales: EmailApiStandIn,
  slack: ChatWebhookStandIn,
  teams: ChatWebhookStandIn,
  hubspot: HubSpotStandIn,
  salesforce: SalesforceStandIn,
): Record<DestinationName, Receipt[]> {
  const at = (path: string) =>
    sales.received
      .filter((request) => request.path.startsWith(path))
      .map(({ raw, receivedAt }) => ({ text: raw, receivedAt }))
  return {
    email: at(new URL(sales.url).pathname),
    webhook: at(new URL(sales.webhookUrl).pathname),
    Slack: slack.delivered.map(({ raw, receivedAt }) => ({ text: raw, receivedAt })),
    Teams: teams.delivered.map(({ raw, receivedAt }) => ({ text: raw, receivedAt })),
    HubSpot: hubspot.deals.map(({ properties, receivedAt }) => ({
      text: properties.dealname ?? '',
      receivedAt,
    })),
    Salesforce: [...salesforce.leads.values()].map(({ fields, receivedAt }) => ({
      text: fields.Company ?? '',
      receivedAt,
    })),
  }
}

/** Starts every destination's stand-in, HubSpot's account already set up. */
export async function startDestinations(): Promise<Destinations> {
  const started = await Promise.all([
    startEmailApiStandIn(),
    startChatWebhookStandIn('slack'),
    startChatWebhookStandIn('teams'),
    startHubSpotStandIn(),
    startSalesforceStandIn(),
  ])
  const [sales, slack, teams, hubspot, salesforce] = started
  // What `npm run hubspot:setup` makes once: deals are upserted by this property.
  hubspot.dealProperties.add('demo_request_id')
  return {
    env: {
      RESEND_API_KEY: 're_bench',
      NOTIFY_EMAIL_TO: 'sales@example.com',
      RESEND_API_URL: sales.url,
      NOTIFY_WEBHOOK_URL: sales.webhookUrl,
      NOTIFY_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      SLACK_WEBHOOK_URL: slack.url,
      TEAMS_WEBHOOK_URL: teams.url,
      HUBSPOT_ACCESS_TOKEN: hubspot.token,
      HUBSPOT_API_URL: hubspot.url,
      SALESFORCE_URL: salesforce.url,
      SALESFORCE_CLIENT_ID: salesforce.clientId,
      SALESFORCE_CLIENT_SECRET: salesforce.clientSecret,
    },
    standIns: { sales, slack, teams, hubspot, salesforce },
    receipts: () => receiptsOf(sales, slack, teams, hubspot, salesforce),
    close: async () => {
      await Promise.all(started.map((standIn) => standIn.close()))
    },
  }
}
