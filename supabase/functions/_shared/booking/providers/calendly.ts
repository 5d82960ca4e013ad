import type { Invitee, Scheduler } from '../scheduler.ts'
import { calendlyApi } from './calendly-api.ts'
import { readCalendlyWebhook } from './calendly-webhook.ts'

/**
 * The Calendly scheduling page prefilled for one lead. Calendly hands `utm_content` back in a
 * webhook's `payload.tracking`, which is how a booking finds its lead; it posts its embed events
 * only to a page that names itself in `embed_domain`. No language: an event type's owner sets it,
 * and the address cannot (docs/routing-and-booking.md#the-booking-pages-language).
 */
function calendlyBookingUrl(
  page: string,
  invitee: Invitee,
  requestId: string,
  embedDomain: string,
): string {
  const url = new URL(page)
  if (invitee.name) url.searchParams.set('name', invitee.name)
  if (invitee.email) url.searchParams.set('email', invitee.email)
  if (embedDomain) url.searchParams.set('embed_domain', embedDomain)
  url.searchParams.set('utm_content', requestId)
  return url.href
}

/** Calendly: every scheduling link it gives out (a user's `scheduling_url`) is on calendly.com. */
export const calendly: Scheduler = {
  name: 'Calendly',
  hosts: ['calendly.com'],
  secretSetting: 'CALENDLY_WEBHOOK_SIGNING_KEY',
  bookingUrl: calendlyBookingUrl,
  readWebhook: readCalendlyWebhook,
  api: calendlyApi,
}
