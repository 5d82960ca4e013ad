/**
 * The ways sales are told about a lead; each is delivered and tracked on its own. The one list:
 * the function's notifiers are typed by it and the console's Integrations page shows each.
 */
export const deliveryChannels = [
  'email',
  'webhook',
  'hubspot',
  'salesforce',
  'slack',
  'teams',
] as const
export type DeliveryChannel = (typeof deliveryChannels)[number]
