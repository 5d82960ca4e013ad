import type { FunnelSteps } from './console-api.ts'

/**
 * The funnel's steps in words, once for the console's funnel and the emailed report alike (the
 * function cannot import the console's copy, which is the site's). English only, as the console.
 */
export const funnelStepLabels = {
  views: 'Views',
  starts: 'Starts',
  sent: 'Sent',
  booked: 'Booked',
  met: 'Met',
  noShow: 'No-show',
  hostAbsent: 'Host absent',
  // "Held" alone is a meeting held: the bot defence's count is held for review.
  heldForReview: 'Held for review',
  routed: 'Routed',
  cancelled: 'Cancelled',
} satisfies Record<keyof FunnelSteps, string>

/** What each step counts, in a few words. */
export const funnelStepMeanings = {
  views: 'times the form was shown on a page',
  starts: 'forms someone began to fill in',
  sent: 'requests that reached us',
  booked: 'demos booked after a send',
  met: 'booked demos held: marked met, or over the grace time with no mark',
  noShow: 'booked demos the guest did not come to',
  hostAbsent: 'booked demos our host did not come to',
  heldForReview: 'requests held for review as possibly automated (the bot defence)',
  routed: 'requests a routing rule sent to a booking page or message',
  cancelled: 'bookings cancelled',
} satisfies Record<keyof FunnelSteps, string>
