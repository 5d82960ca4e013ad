/**
 * The booking panel's side of each provider's embed protocol, without a vendor script: the
 * framed page's address, and what a message from it means. Cal.com's follows its embed source
 * (packages/embeds/embed-core: embed.ts frames the page, embed-iframe.ts speaks from inside);
 * Calendly's its documented parent window events.
 */

import type { BookingProvider } from '../next-step.ts'

/** How a booking page is shown: framed, speaking its provider's protocol, or only linked. */
export type BookingPageKind = BookingProvider | 'link'

/** How long a framed page has to speak before the panel offers a link instead. */
export const bookingReadyTimeoutMs = 10_000

/** What a trusted message from the frame says. */
export type FrameSignal =
  | { kind: 'ready' }
  | { kind: 'height'; px: number }
  | { kind: 'booked' }
  | { kind: 'failed' }

// Cal.com names each embed on a page; one panel frames one page, under the default name.
const calNamespace = ''

/** What Cal.com's page waits for before it shows itself: the parent saw `__iframeReady`. */
export const calReadyReply = {
  originator: 'CAL',
  method: 'parentKnowsIframeReady',
  arg: undefined,
} as const

/**
 * The address to frame: `url` (prefilled by the function) with what each provider's own embed
 * code adds. Cal.com serves its embeddable page under `…/embed`, marked by `embed` (the name) and
 * `embedType`, from app.cal.com rather than cal.com; Calendly posts events only to the
 * `embed_domain` it is given.
 */
export function frameUrl(provider: BookingProvider, url: string, host: string): string {
  const frame = new URL(url)
  if (provider === 'cal') {
    if (frame.origin === 'https://cal.com') frame.host = 'app.cal.com'
    if (!frame.pathname.endsWith('/embed'))
      frame.pathname = `${frame.pathname.replace(/\/$/, '')}/embed`
    frame.searchParams.set('embed', calNamespace)
    frame.searchParams.set('embedType', 'inline')
  } else {
    if (!frame.searchParams.get('embed_domain')) frame.searchParams.set('embed_domain', host)
    frame.searchParams.set('embed_type', 'Inline')
  }
  return frame.href
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

// A frame could post any number; the panel's height stays within what a page can show.
function height(value: unknown): number | undefined {
  const px =
    typeof value === 'number'
      ? value
      : typeof value === 'string'
        ? Number.parseFloat(value)
        : Number.NaN
  return Number.isFinite(px) && px > 0 ? Math.min(Math.ceil(px), 10_000) : undefined
}

// As Cal.com's parent reads it: the type comes from `fullType`, `CAL:<namespace>:<type>`.
function calSignal(data: Record<string, unknown>): FrameSignal | undefined {
  if (data.originator !== 'CAL' || typeof data.fullType !== 'string') return undefined
  const [cal, namespace, type] = data.fullType.split(':')
  if (cal !== 'CAL' || namespace !== calNamespace) return undefined
  const detail = isRecord(data.data) ? data.data : {}
  switch (type) {
    case '__iframeReady':
      return { kind: 'ready' }
    case '__dimensionChanged': {
      const px = height(detail.iframeHeight)
      return px === undefined ? undefined : { kind: 'height', px }
    }
    case 'bookingSuccessfulV2':
      return { kind: 'booked' }
    case 'linkFailed':
      return { kind: 'failed' }
    default:
      return undefined
  }
}

// Any of Calendly's view events, or its first page height, says the page is there.
function calendlySignal(data: Record<string, unknown>): FrameSignal | undefined {
  const payload = isRecord(data.payload) ? data.payload : {}
  switch (data.event) {
    case 'calendly.profile_page_viewed':
    case 'calendly.event_type_viewed':
    case 'calendly.date_and_time_selected':
      return { kind: 'ready' }
    case 'calendly.page_height': {
      const px = height(payload.height)
      return px === undefined ? { kind: 'ready' } : { kind: 'height', px }
    }
    case 'calendly.event_scheduled':
      return { kind: 'booked' }
    default:
      return undefined
  }
}

/**
 * What a message's data means under `provider`'s protocol, or undefined for anything else. Call
 * it only for messages whose source is the frame's window and whose origin is the frame's.
 */
export function readFrameMessage(
  provider: BookingProvider,
  data: unknown,
): FrameSignal | undefined {
  if (!isRecord(data)) return undefined
  return provider === 'cal' ? calSignal(data) : calendlySignal(data)
}
