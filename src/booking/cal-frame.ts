/**
 * Cal.com's embed protocol, as the parent page speaks it, without Cal.com's script. Read from
 * Cal.com's source (calcom/cal.com):
 *
 * - packages/embeds/embed-core/src/embed.ts: the parent frames `<origin>/<link>/embed` with the
 *   namespace in `embed` and `embedType`, from app.cal.com where a link names cal.com, with
 *   `allow="payment"`; it answers each `__iframeReady` with `parentKnowsIframeReady`, without
 *   which the page stays hidden, and takes its height from `__dimensionChanged`.
 * - packages/embeds/embed-core/src/sdk-action-manager.ts: every message is
 *   `{ originator: 'CAL', type, namespace, fullType: 'CAL:<namespace>:<type>', data }`, and
 *   names the shapes of `bookingSuccessfulV2` (`status`, `paymentRequired`) and of the older
 *   `bookingSuccessful` (`booking`, `confirmed`).
 * - packages/embeds/embed-core/src/embed-iframe.ts: a page that did not load (not found, say)
 *   posts `linkFailed`, after its `__iframeReady`; the page posts to its parent with '*'.
 * - packages/features/bookings/Booker/components/hooks/useBookings.ts: after a booking the page
 *   posts `bookingSuccessful` (`confirmed` false while a host must confirm it), then
 *   `bookingSuccessfulV2`, then goes on to the payment page when the booking needs one.
 */

import { isRecord } from '#core/is-record.ts'
import {
  type BookingOutcome,
  type FrameProtocol,
  type FrameSignal,
  pageHeight,
} from './frame-protocol.ts'

// Cal.com names each embed on a page; one panel frames one page, under the default name.
const namespace = ''

// Cal.com's hosted pages are served for embedding from the app's origin, not the website's
// (embed.ts maps https://cal.com to https://app.cal.com; cal.eu is the EU's twin). An
// organization's own origin (acme.cal.com) and a self-hosted one are framed as they are, as
// Cal.com's own embed code for them does.
const appOrigins: Record<string, string> = {
  'https://cal.com': 'https://app.cal.com',
  'https://cal.eu': 'https://app.cal.eu',
}

function frameUrl(url: string): string {
  const frame = new URL(url)
  const app = appOrigins[frame.origin]
  if (app) frame.host = new URL(app).host
  if (!frame.pathname.endsWith('/embed')) {
    frame.pathname = `${frame.pathname.replace(/\/$/, '')}/embed`
  }
  frame.searchParams.set('embed', namespace)
  frame.searchParams.set('embedType', 'inline')
  return frame.href
}

// bookingSuccessfulV2: a booking is accepted only with status ACCEPTED (BookingStatus in
// packages/prisma/schema.prisma; PENDING and AWAITING_HOST wait for the host) and nothing to
// pay. Without a status the page says nothing of acceptance, so the panel claims none.
function outcomeV2(data: Record<string, unknown>): BookingOutcome {
  if (data.paymentRequired === true) return 'payment'
  return data.status === 'ACCEPTED' ? 'booked' : 'requested'
}

// bookingSuccessful, all an older self-hosted Cal.com posts: `confirmed` is false while the host
// must confirm; the booking itself names its status, and a payment by `paymentRequired` or,
// older still, the `paymentUid` its page then goes on to.
function outcomeV1(data: Record<string, unknown>): BookingOutcome {
  const booking = isRecord(data.booking) ? data.booking : {}
  if (booking.paymentRequired === true || typeof booking.paymentUid === 'string') return 'payment'
  const accepted = booking.status === undefined || booking.status === 'ACCEPTED'
  return data.confirmed === true && accepted ? 'booked' : 'requested'
}

function read(data: unknown): FrameSignal | undefined {
  if (!isRecord(data) || data.originator !== 'CAL' || typeof data.fullType !== 'string') {
    return undefined
  }
  // As Cal.com's parent reads it: the type comes from `fullType`, not `type`.
  const [cal, name, type] = data.fullType.split(':')
  if (cal !== 'CAL' || name !== namespace) return undefined
  const detail = isRecord(data.data) ? data.data : {}
  switch (type) {
    case '__iframeReady':
      return { kind: 'ready' }
    case '__dimensionChanged': {
      const px = pageHeight(detail.iframeHeight)
      return px === undefined ? undefined : { kind: 'height', px }
    }
    case 'bookingSuccessfulV2':
      return { kind: 'booking', outcome: outcomeV2(detail) }
    case 'bookingSuccessful':
      return { kind: 'booking', outcome: outcomeV1(detail) }
    case 'linkFailed':
      return { kind: 'failed' }
    default:
      return undefined
  }
}

export const calFrame: FrameProtocol = {
  frameUrl,
  // The page as the function gave it: Cal.com's own page, which needs no parent.
  linkUrl: (url) => url,
  read,
  // What embed.ts's doInIframe posts once the page said `__iframeReady`.
  readyReply: { originator: 'CAL', method: 'parentKnowsIframeReady', arg: undefined },
  hiddenUntilReady: true,
}
