/**
 * The widget's side of the funnel (docs/analytics.md): one form's events on one page view,
 * gathered in memory and sent as a batch of the shape `funnel-events.ts` checks. Nothing is
 * written to the device and nothing names the visitor: the batch carries the element's source,
 * the page's origin and path, the campaign a lead from it would carry, and what happened.
 */

import type { PageEventName } from '#core/funnel-events.ts'
import type { FormFieldName } from '#core/lead-fields.ts'
import { type Campaign, visitCampaign } from '../fields/campaign.ts'

// One thing that happened on the page: a field and a message code where the event takes them.
type PageEvent = { event: PageEventName; field?: FormFieldName; code?: string }

/** Sends one page's batch of events; never awaited, so nothing the visitor waits for waits on it. */
export type SendEvents = (events: PageEvent[], page: string, campaign: Campaign) => void

// funnelBatchLimits.events, written here: importing it would bring the batch's schema along.
const batchEvents = 50

/** What a form records, and the moments it sends what it recorded. */
export interface PageEvents {
  /**
   * Records `entry` on the page the visitor is on now; `shown` and `started` only the first time
   * on a page, as a page view has one each. A start records the view first if the observer has
   * not yet: a visitor who typed in the form saw it, and autofill or a focus that scrolls the
   * form in can come before the observer's first report, so no page view counts a start without
   * its view.
   */
  record(entry: PageEvent): void
  /** Sends what was recorded since the last flush, if anything, and forgets it. */
  flush(): void
}

/** A form's recorder, sending each batch with `send`, recording and sending only while `on()`. */
export function pageEvents(send: SendEvents, on: () => boolean): PageEvents {
  let pending: PageEvent[] = []
  let page = ''
  let campaign: Campaign = {}
  let once = new Set<string>()
  const events: PageEvents = {
    record(entry) {
      if (!on()) return
      // The page is origin and path, never the query or fragment. After a single-page app's
      // navigation, what was recorded stays with the page it happened on, and the new page is a
      // new page view.
      const at = location.origin + location.pathname
      if (at !== page) {
        events.flush()
        page = at
        once = new Set()
        // Read as the send reads a lead's, once a page view: its views and its leads then fall
        // under the same campaign, and the query itself is never kept.
        campaign = visitCampaign(location.href, document.referrer)
      }
      const { event } = entry
      // A send tried is a form started, even one typed in before the page listened for input
      // (before it hydrated): without this, the funnel would show more sends than starts.
      if (event === 'send-tried' && !once.has('started')) events.record({ event: 'started' })
      if (event === 'shown' || event === 'started') {
        if (once.has(event)) return
        if (event === 'started' && !once.has('shown')) events.record({ event: 'shown' })
        once.add(event)
      }
      pending.push(entry)
      // A batch holds at most 50: a visitor who leaves fields again and again sends more batches.
      if (pending.length === batchEvents) events.flush()
    },
    flush() {
      if (pending.length && on()) send(pending, page, campaign)
      pending = []
    },
  }
  return events
}

/**
 * Sends one batch to the function's `/events` with `navigator.sendBeacon`: a string goes as
 * text/plain, a simple request with no preflight, which the browser delivers even as the page
 * goes away. Where the beacon is refused (too large for its queue, or missing), `fetch` with
 * `keepalive` does the same.
 */
export function sendBatch(
  supabaseUrl: string,
  source: string | undefined,
  events: PageEvent[],
  page: string,
  { utmSource, utmCampaign }: Campaign,
): void {
  const url = `${supabaseUrl.replace(/\/+$/, '')}/functions/v1/send-demo-request/events`
  // Only what views are counted by; JSON leaves out what is undefined, so a page opened without
  // a campaign sends none.
  const body = JSON.stringify({ source, page, utmSource, utmCampaign, events })
  try {
    if (navigator.sendBeacon?.(url, body)) return
    fetch(url, { method: 'POST', body, keepalive: true }).catch(() => {})
  } catch {
    // An address the browser cannot post to: the counts are lost, never the visitor's send.
  }
}
