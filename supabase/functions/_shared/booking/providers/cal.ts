import type { Invitee, Scheduler } from '../scheduler.ts'
import { calApi } from './cal-api.ts'
import { readCalWebhook } from './cal-webhook.ts'

/**
 * The Cal.com booking page prefilled for one lead. `metadata[demoRequestId]` comes back in the
 * `payload.metadata` of the webhook of the booking made on that page, which is how a booking
 * finds its lead. No language: Cal.com takes it from the visitor's browser, never from the address
 * (docs/routing-and-booking.md#the-booking-pages-language).
 */
function calBookingUrl(page: string, invitee: Invitee, requestId: string): string {
  const url = new URL(page)
  if (invitee.name) url.searchParams.set('name', invitee.name)
  if (invitee.email) url.searchParams.set('email', invitee.email)
  url.searchParams.set('metadata[demoRequestId]', requestId)
  return url.href
}

/** Cal.com: cal.com and its EU instance, and organizations' own subdomains (acme.cal.com). */
export const cal: Scheduler = {
  name: 'Cal.com',
  // A self-hosted Cal.com is on the firm's own host: its route names `"provider": "cal"`.
  hosts: ['cal.com', 'app.cal.com', '*.cal.com', 'cal.eu', 'app.cal.eu'],
  secretSetting: 'CAL_WEBHOOK_SECRET',
  bookingUrl: calBookingUrl,
  readWebhook: readCalWebhook,
  api: calApi,
}
