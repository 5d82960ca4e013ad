/**
 * Calendly's inline embed, as the parent page speaks it, without Calendly's script. Read from
 * Calendly's developer docs, "Embed Parent Window Events"
 * (developer.calendly.com/api-docs/overview/embedding/notifying-the-parent-window): the page
 * posts `{ event, payload }` to its parent, and only to the host named in `embed_domain`:
 * `calendly.profile_page_viewed`, `calendly.event_type_viewed`,
 * `calendly.date_and_time_selected`, `calendly.page_height` (`{ height: '<n>px' }`) and
 * `calendly.event_scheduled` once the invitee has booked. Calendly takes any payment in the form
 * before it schedules, so a scheduled event has nothing left to pay.
 */

import { isRecord } from '#core/is-record.ts'
import { type FrameProtocol, type FrameSignal, pageHeight } from './frame-protocol.ts'

function frameUrl(url: string, host: string): string {
  const frame = new URL(url)
  if (!frame.searchParams.get('embed_domain')) frame.searchParams.set('embed_domain', host)
  frame.searchParams.set('embed_type', 'Inline')
  return frame.href
}

// `embed_domain` belongs to a frame (the function may fill it in): a page opened on its own
// posts its events nowhere.
function linkUrl(url: string): string {
  const link = new URL(url)
  link.searchParams.delete('embed_domain')
  return link.href
}

// Any of its view events, or its first height, says the page is there.
function read(data: unknown): FrameSignal | undefined {
  if (!isRecord(data)) return undefined
  const payload = isRecord(data.payload) ? data.payload : {}
  switch (data.event) {
    case 'calendly.profile_page_viewed':
    case 'calendly.event_type_viewed':
    case 'calendly.date_and_time_selected':
      return { kind: 'ready' }
    case 'calendly.page_height': {
      const px = pageHeight(payload.height)
      return px === undefined ? { kind: 'ready' } : { kind: 'height', px }
    }
    case 'calendly.event_scheduled':
      return { kind: 'booking', outcome: 'booked' }
    default:
      return undefined
  }
}

export const calendlyFrame: FrameProtocol = {
  frameUrl,
  linkUrl,
  read,
  // Calendly's page draws itself at once, spoken to or not: hiding it until its first event
  // would hide a working page whose events go to another `embed_domain`.
  hiddenUntilReady: false,
}
