/** Cal.com's own hosts; a self-hosted Cal.com is named with `"provider": "cal"`. */
export const calHosts: readonly string[] = ['cal.com', 'app.cal.com']

/** Who a booking page is prefilled for. */
export interface Invitee {
  name: string
  email: string
}

/**
 * The Cal.com booking page prefilled for one lead. `metadata[demoRequestId]` comes back in
 * every webhook's `payload.metadata`, which is how a booking finds its lead.
 */
export function calBookingUrl(page: string, invitee: Invitee, requestId: string): string {
  const url = new URL(page)
  if (invitee.name) url.searchParams.set('name', invitee.name)
  if (invitee.email) url.searchParams.set('email', invitee.email)
  url.searchParams.set('metadata[demoRequestId]', requestId)
  return url.href
}
