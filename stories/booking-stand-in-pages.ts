import type { BookingProvider as FramedProvider } from '#core/next-step.ts'
import { schedulers } from '#shared/booking/schedulers.ts'
import { frameProtocols } from '../src/booking/frame-protocols.ts'
import { standInRequestId } from '../tests/support/function-replies.js'
import { sampleContact, sampleLead } from '../tests/support/sample-lead.ts'

/**
 * The stand-in booking pages the stories frame (tests/support/booking-stand-in-page.ts), served
 * from Storybook's own origin by .storybook/booking-stand-in-pages.ts: in the dev server and
 * `vitest --project stories` as a middleware, in `build-storybook` as files. No network.
 */
export const standInPages = {
  cal: { provider: 'cal', silent: false, path: 'booking-stand-in/cal/acme/demo' },
  calendly: { provider: 'calendly', silent: false, path: 'booking-stand-in/calendly/acme/demo' },
  /** A Cal.com page whose embed code never runs: it never says it is ready. */
  silentCal: { provider: 'cal', silent: true, path: 'booking-stand-in/silent/cal/acme/demo' },
  /** A Cal.com event type whose host confirms each booking: a booking is PENDING. */
  pendingCal: {
    provider: 'cal',
    silent: false,
    path: 'booking-stand-in/cal/acme/demo',
    query: { stand_in_status: 'PENDING' },
  },
  /** A paid Cal.com event type: a booking waits for the payment. */
  paidCal: {
    provider: 'cal',
    silent: false,
    path: 'booking-stand-in/cal/acme/demo',
    query: { stand_in_payment: '' },
  },
  /** A Cal.com page that did not load (its event type is gone): it says `linkFailed`. */
  failedCal: {
    provider: 'cal',
    silent: false,
    path: 'booking-stand-in/cal/acme/demo',
    query: { stand_in_fail: '404' },
  },
} as const satisfies Record<
  string,
  { provider: FramedProvider; silent: boolean; path: string; query?: Record<string, string> }
>

export type StandInPageName = keyof typeof standInPages

/**
 * Where the panel frames `path` (frameUrl adds Cal.com's `/embed`), as a path with no leading
 * slash: what the middleware answers and the build writes, so the two cannot drift apart.
 */
export function framedPath(provider: FramedProvider, path: string): string {
  return new URL(
    frameProtocols[provider].frameUrl(`http://stand-in/${path}`, 'stand-in'),
  ).pathname.slice(1)
}

const invitee = {
  name: `${sampleLead.firstName} ${sampleLead.lastName}`,
  email: sampleContact.email,
}

/** The stand-in page `name` as a route's `book` names it: on this Storybook's origin and base. */
export function standInPageUrl(name: StandInPageName): string {
  return new URL(`${import.meta.env.BASE_URL}${standInPages[name].path}`, document.baseURI).href
}

/**
 * The same page as the function's reply gives it, prefilled by the function's own code with the
 * sample lead and request id.
 */
export function standInBookingUrl(name: StandInPageName): string {
  const stand = standInPages[name]
  const page = standInPageUrl(name)
  const url = new URL(
    schedulers[stand.provider].bookingUrl(page, invitee, standInRequestId, location.host),
  )
  // What shapes the stand-in's behaviour, after what the function fills in.
  for (const [key, value] of Object.entries('query' in stand ? stand.query : {})) {
    url.searchParams.set(key, value)
  }
  return url.href
}
