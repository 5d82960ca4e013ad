import type { FunnelBatch, FunnelEventName, ReportEventName } from '#core/funnel-events.ts'

/** One counter, its shards summed: how often `event` happened on `day` on a source's page. */
export interface FunnelCount {
  /** The firm's day (SALES_TIME_ZONE, src/core/firm-day.ts), `YYYY-MM-DD`. */
  day: string
  /** The element's `source`; '' for none; 'other' for new sources past their origin's room. */
  source: string
  /** Origin and path; '' for a lead sent from no page; 'other' for a source's pages past the room. */
  page: string
  event: FunnelEventName
  /** The form field, or ''. */
  field: string
  /** The message code, the route rule's number, or ''. */
  code: string
  n: number
}

/** The report's sums, made by the database: one row per source, page and event, not per counter. */
export interface FunnelTotals {
  /** Per source, page and event, over the report's days. */
  pages: { source: string; page: string; event: ReportEventName; n: number }[]
  /** Per field, event and code, over the report's days. */
  fields: { field: string; event: ReportEventName; code: string; n: number }[]
  /** Sends and bookings per UTC day (`YYYY-MM-DD`). */
  days: { day: string; event: 'sent' | 'booked'; n: number }[]
}

/** One sum of the report (demo_request_funnel_range_report): `part` says of what. */
export interface FunnelReportRow {
  part: 'page' | 'field' | 'day' | 'campaign'
  day: string | null
  source: string
  page: string
  utmSource: string
  utmCampaign: string
  event: ReportEventName
  field: string
  code: string
  n: number
}

/** What to read: the firm's days `from` to `to` (YYYY-MM-DD) in `timeZone`. */
export interface FunnelRange {
  from: string
  to: string
  timeZone: string
  /** One source, or every source (for a partner, every one of its own). */
  source: string | null
  /**
   * ANALYTICS_SOURCE_CAMPAIGNS_MAX, so that a lead's campaign folds as the counters' did (50
   * unset); the pages' bounds are the counting's alone.
   */
  sourceCampaigns?: number
}

/** What a batch counts against: its client's limit, as a lead's, and its origin's room. */
interface FunnelLimit {
  /** An HMAC of the client's address group (see client-key.ts). */
  clientKey: string
  windowStart: Date
  /** Batches, each one page view's worth, one client may add in the window. */
  clientMax: number
  /**
   * The allowed origin the page came through: the entry of ALLOWED_ORIGINS that let it in (a
   * `https://*.partner.com` pattern for all its subdomains) or the function's own origin. Its
   * room holds the page if new; unset, the page's own origin.
   */
  origin?: string
  /** When the batch arrived: its pair's last view, for the quiet page alarm. Unset, the database's now. */
  arrived?: Date
}

/**
 * How much is counted: ANALYTICS_SOURCE_PAGES_MAX, ANALYTICS_ORIGIN_PAIRS_MAX and
 * ANALYTICS_SOURCE_CAMPAIGNS_MAX.
 */
export interface FunnelBounds {
  /** Pages a source keeps alive (seen in 30 days) on an allowed origin; further ones fold into its page 'other'. */
  sourcePages: number
  /** Source-and-page pairs an allowed origin keeps alive; further new ones fold into 'other'. */
  originPairs: number
  /** Campaigns a source counts a day; further ones fold into the campaign 'other' (50 unset). */
  sourceCampaigns?: number
}

/** The funnel's counters (docs/analytics.md). The function's own events are read from the leads. */
export interface FunnelStore {
  /** Adds a checked batch's events to the counters of `day`; false when its client is over the limit. */
  countBatch(
    batch: FunnelBatch,
    day: string,
    limit: FunnelLimit,
    bounds: FunnelBounds,
  ): Promise<boolean>
  /**
   * Every count from `since` (a UTC day) on, of `source` alone when given: the pages' counters,
   * and the function's events read from the leads under their own page. For tests and checks;
   * the report uses {@link FunnelStore.report}.
   */
  counts(since: string, source?: string | null): Promise<FunnelCount[]>
  /**
   * The sums of the firm's days `range.from` to `range.to` and of as many days before, as the
   * function's role reads them: what `npm run insights` prints (funnel-report.ts).
   */
  report(range: FunnelRange): Promise<FunnelReportRow[]>
  /**
   * Removes the counters of days before `beforeDay` and the limits of windows before
   * `windowsBefore`, folds the shards of the days just before `today` into one row each, and
   * sums the leads of those days (and of the days whose leads changed) by the firm's days in
   * `timeZone`, the zone the console's report is read in.
   */
  prune(beforeDay: string, windowsBefore: Date, today: string, timeZone: string): Promise<void>
}
