import type { FunnelBatch, FunnelEventName } from '../../../../src/analytics/funnel-events.ts'

/** One counter, its shards summed: how often `event` happened on `day` on a source's page. */
export interface FunnelCount {
  /** A UTC day, `YYYY-MM-DD`. */
  day: string
  /** The element's `source`; '' for none. */
  source: string
  /** Origin and path; '' for a lead sent from no page. */
  page: string
  event: FunnelEventName
  /** The form field, or ''. */
  field: string
  /** The message code, the route rule's number, or ''. */
  code: string
  n: number
}

/** The client limit a batch counts against, as a lead's counts against its own. */
interface FunnelLimit {
  /** An HMAC of the client's address group (see client-key.ts). */
  clientKey: string
  windowStart: Date
  /** Batches, each one page view's worth, one client may add in the window. */
  clientMax: number
}

/** The funnel's counters (docs/analytics.md). The function's own events are counted in SQL. */
export interface FunnelStore {
  /** Adds a checked batch's events to the counters of `day`; false when its client is over the limit. */
  countBatch(batch: FunnelBatch, day: string, limit: FunnelLimit): Promise<boolean>
  /** The counters from `since` (a UTC day) on, of `source` alone when given. */
  counts(since: string, source?: string | null): Promise<FunnelCount[]>
  /** Removes the counters of days before `beforeDay` and the limits of windows before `windowsBefore`. */
  prune(beforeDay: string, windowsBefore: Date): Promise<void>
}

/** The UTC day of `moment`, as counters are kept by. */
export const utcDay = (moment: Date) => moment.toISOString().slice(0, 10)
