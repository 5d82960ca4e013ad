/**
 * The staff console's API: what the console page (site/console) asks and what the `console`
 * function (supabase/functions/console) answers, on Supabase and on `npm start` alike, at
 * `<SUPABASE_URL>/functions/v1/console/<route>`. Every call carries the signed-in person's
 * Supabase Auth access token (`Authorization: Bearer …`); the function runs each query as that
 * person, so the row-level security policies of the migrations decide what comes back.
 *
 * Only the core's own imports: the page, the function (Deno) and the tests all read this file.
 */
import { bookingStates } from './booking-state.ts'
import type { DeliveryChannel } from './delivery-channels.ts'

/** The name the console function is deployed under, and so its path. */
export const consoleFunctionName = 'console'

/**
 * What a person may do, in Postgres's policies (supabase/migrations): `owner` everything, and
 * invites people and sets roles; `sales` leads with contact details, bookings, status and notes,
 * every source; `marketing` counts only, every source; `partner` counts of its own sources only.
 */
export const staffRoles = ['owner', 'sales', 'marketing', 'partner'] as const
export type StaffRole = (typeof staffRoles)[number]

/** Roles that read people's names, emails and phones. */
export const rolesWithPersonalData: readonly StaffRole[] = ['owner', 'sales']

/** Where sales stand with a lead; every lead starts `new`. */
export const pipelineStatuses = ['new', 'contacted', 'qualified', 'won', 'lost'] as const
export type PipelineStatus = (typeof pipelineStatuses)[number]

/**
 * What the audit trail records: who did it and when, the lead's id where there is one, and a
 * detail without personal data (a filter's settings, a row count, a role). Every read of
 * people's details is on it: each page of the list (`list_leads`), each lead's page
 * (`view_lead`) and each export.
 */
export const auditActions = [
  'sign_in',
  'list_leads',
  'view_lead',
  'export',
  'status_change',
  'note_added',
  'assign',
  'invite',
  'role_change',
  'remove',
  'erase',
  'retry_deliveries',
  'test_delivery',
  'meeting_mark',
  'share_link',
  'revoke_share_link',
  'open_share_link',
  'report_change',
] as const
export type AuditAction = (typeof auditActions)[number]

/** The booking filter: a lead's booking state, or `none` for leads without a booking. */
export const bookingFilters = ['none', ...bookingStates] as const
export type BookingFilter = (typeof bookingFilters)[number]

/** The signed-in person, as `GET /me` returns them. The first call of a session is its sign-in. */
export interface StaffMe {
  userId: string
  email: string
  role: StaffRole
  /** For `partner`, the sources (the form's `source` attribute) it sees; empty for the others. */
  sources: string[]
}

/** The owner filter: the caller's own leads ("My leads"), or those nobody owns yet. */
export const ownerFilters = ['me', 'nobody'] as const
export type OwnerFilter = (typeof ownerFilters)[number]

/**
 * `GET /leads` and `GET /leads.csv` take these as query parameters, each optional. Dates are
 * `YYYY-MM-DD`, inclusive, in SALES_TIME_ZONE; `q` matches name, company and email.
 */
export interface LeadFilter {
  status?: PipelineStatus
  owner?: OwnerFilter
  source?: string
  language?: string
  booking?: BookingFilter
  from?: string
  to?: string
  q?: string
}

/**
 * A page of `GET /leads`: `?before=<cursor>&limit=<1–100, default 50>`, newest first. Each page
 * is recorded as `list_leads` with its filter's settings (a search as `searched: true`, never
 * its text) and the rows it returned.
 */
export interface LeadPage {
  leads: LeadSummary[]
  /** Pass as `before` for the next (older) page; null on the last. */
  next: string | null
  /** How many leads match the filter in all. */
  total: number
}

/** A lead in the list. Dates are ISO 8601 strings throughout. */
export interface LeadSummary {
  id: string
  createdAt: string
  firstName: string
  lastName: string
  email: string
  companyName: string
  source: string | null
  language: string
  status: PipelineStatus
  bookingState: Exclude<BookingFilter, 'none'> | null
  bookingStart: string | null
  /** Who owns the lead; null while nobody does. */
  owner: LeadOwnerRef | null
}

/** A person who owns (or may own) leads: the owner or a salesperson of the staff. */
export interface LeadOwnerRef {
  userId: string
  email: string
}

/**
 * How a lead came to its owner: in turn among the people taking leads, by a rule of
 * LEAD_OWNER_RULES, as the host of its booking, or by a person's hand.
 */
export type OwnerVia = 'turn' | 'rule' | 'booking' | 'hand'

/**
 * What happened to a lead: it arrived, went out on a channel (`notified`), could not reach one
 * after the last try (`undelivered`), booked, had a booking notice sent (`booking_notified`) or
 * a "sent but not booked" nudge (`nudged`), had its status or meeting outcome sent to a CRM
 * (`status_notified`), or was changed by a person.
 */
export const leadHistoryKinds = [
  'received',
  'notified',
  'undelivered',
  'booking',
  'booking_notified',
  'nudged',
  'status_notified',
  'status_change',
  'note_added',
  'owner_change',
  'meeting',
] as const
export type LeadHistoryKind = (typeof leadHistoryKinds)[number]

/** One thing that happened to a lead, for its history. */
export interface LeadHistoryEntry {
  at: string
  kind: LeadHistoryKind
  /** Who, for a person's change: their email; null for the system's. */
  by: string | null
  /**
   * The new status, the note's text, the booking's state, the notification's channel, the new
   * owner's email ('' for a person since removed from the staff); for `undelivered` the channel
   * and the destination's last reply (`slack: 500 …`); for `booking_notified` the channel and
   * the notice (`slack: booked`); for `nudged` the channel; for `meeting` the outcome
   * (MeetingOutcome, or `pending` for a mark cleared within the grace time); for
   * `status_notified` the CRM and the status and meeting outcome it was told, the latest send
   * only (`hubspot: won`, `salesforce: no_show`, `hubspot: lost, met`; `pending` cleared it).
   */
  text: string
  /** For `owner_change`: how; for `meeting`: who said it (MeetingVia). */
  via?: OwnerVia | MeetingVia
}

/**
 * How a booked demo ended (docs/console.md, "Met or missed"): `met`, held; `no_show`, the guest
 * did not come; `host_absent`, our host did not.
 */
export const meetingOutcomes = ['met', 'no_show', 'host_absent'] as const
export type MeetingOutcome = (typeof meetingOutcomes)[number]
/** Who said how a meeting ended: a person, the scheduler, or the grace time passing unmarked. */
export type MeetingVia = 'hand' | 'scheduler' | 'grace'

/** A lead's booked meeting, as the lead's page shows and marks it. */
export interface LeadMeeting {
  /** Null while it is to come, or over within the grace time with no mark yet. */
  outcome: MeetingOutcome | null
  start: string
  /** Its end, where the scheduler said; else null. */
  end: string | null
  /** Whether it has started, so that it may be marked. */
  started: boolean
}

/**
 * `GET /leads/:id`: everything the lead carries (every catalogue field under its name, null when
 * empty, and its bookkeeping: notification, route rule, booking), its status and history. Reading
 * it is recorded as `view_lead`.
 */
export interface LeadDetail {
  lead: Record<string, string | number | boolean | null>
  status: PipelineStatus
  owner: LeadOwnerRef | null
  /** The booked meeting; null for a lead with none booked. */
  meeting: LeadMeeting | null
  history: LeadHistoryEntry[]
}

/**
 * Writes: `PATCH /leads/:id` `{ status }`; `POST /leads/:id/notes` `{ text }` (both answer the
 * lead's new LeadDetail); `POST /erase` `{ email }` or `{ leadId }` (owner only) answers
 * `{ erased: number }`.
 */
export interface StatusChange {
  status: PipelineStatus
}
export interface NewNote {
  text: string
}
/**
 * `POST /leads/:id/owner` `{ userId }`: the owner or sales give the lead to a person of
 * `GET /owners` (the owner and sales people, as `LeadOwnerChoice[]`); it answers the lead's new
 * LeadDetail. Marketing and partners are refused by the database's policies.
 */
export interface OwnerChange {
  userId: string
}
/**
 * `POST /leads/:id/meeting` `{ outcome }`: the owner or sales mark how the lead's booked meeting
 * ended, once it has started; the mark is written back to the scheduler where its API key is set
 * (refused with 502 `unavailable` when the scheduler does not take it, and nothing is marked). It
 * answers the lead's new LeadDetail and is on the trail as `meeting_mark`.
 */
export interface MeetingMark {
  outcome: MeetingOutcome
}
export interface LeadOwnerChoice extends LeadOwnerRef {
  role: StaffRole
  /** Shares new leads in turn with the others who do. */
  takesLeads: boolean
}
export type EraseRequest = { email: string } | { leadId: string }
export interface EraseResult {
  erased: number
}

/** `GET /audit?before=<cursor>&limit=`: the trail, newest first; the owner's only. */
export interface AuditPage {
  entries: AuditEntry[]
  next: string | null
}
export interface AuditEntry {
  id: string
  at: string
  /** The person's email as it was when they acted. */
  actor: string
  action: AuditAction
  leadId: string | null
  /** Without personal data: a filter's settings, a row count, a role, a status. */
  detail: Record<string, unknown>
}

/**
 * `GET /staff`, `POST /staff` `{ email, role, sources }` (invites through Supabase Auth),
 * `PATCH /staff/:userId` `{ role, sources, takesLeads? }`, `DELETE /staff/:userId`: the owner's
 * only.
 */
export interface StaffMember {
  userId: string
  email: string
  role: StaffRole
  sources: string[]
  invitedAt: string
  /** Shares new leads in turn (owner and sales only). */
  takesLeads: boolean
}
export interface StaffInvite {
  email: string
  role: StaffRole
  sources: string[]
}

/**
 * Every refusal, as the function's other replies: a code and a sentence for people.
 * 401 `unauthenticated` (no token, a bad or expired one, or a person no longer on the staff),
 * 403 `forbidden` (the role may not), 404 `not_found`, 400 `invalid` (names the rule broken),
 * 410 `gone` (a shared link revoked or expired).
 */
export interface ConsoleError {
  code:
    | 'unauthenticated'
    | 'forbidden'
    | 'not_found'
    | 'invalid'
    | 'gone'
    | 'unavailable'
    | 'internal'
  message: string
}

/**
 * Reply bodies the routes above leave implicit, as the console page reads them: `GET /staff` the
 * staff as a list, `POST /staff` and `PATCH /staff/:userId` the member as it now is, `DELETE
 * /staff/:userId` 204 with no body; `GET /leads.csv` the CSV.
 */
export type StaffList = StaffMember[]

/** A delivery that failed its last try (or was refused for good) and waits for a Retry. */
export interface DeadLetter {
  /**
   * A lead's message, a held window's digest, a booking's notice, a "not booked" nudge, or a
   * status or meeting outcome for a CRM.
   */
  kind: 'lead' | 'digest' | 'booking' | 'no_booking' | 'status'
  /**
   * The lead's id, the window's end, `<provider>:<booking id>:<notice>`, or
   * `<lead id>:<status>+<meeting outcome>` (either alone when only it was to be sent).
   */
  key: string
  /** The lead it was about, where there is one: the only thing of a person here. */
  leadId: string | null
  attempts: number
  /** The destination's last reply (status and text), or why it could not be reached. */
  lastError: string
  /** When its last try failed; null for one that died before that was kept. */
  failedAt: string | null
}

/** One destination on the Integrations page. */
export interface IntegrationState {
  channel: DeliveryChannel
  /** Whether the function's settings name it (HUBSPOT_ACCESS_TOKEN, SLACK_WEBHOOK_URL, …). */
  configured: boolean
  sent: number
  /** The newest delivery it accepted; null for none. */
  lastSuccess: string | null
  /** Pending, or failed and to be tried again. */
  waiting: number
  dead: number
  /** The newest dead letters, at most 20. */
  deadLetters: DeadLetter[]
}

/**
 * `GET /integrations` (owner only, as the database decides): each channel of
 * src/core/delivery-channels.ts in its order. `POST /integrations/:channel/retry` sends its dead
 * letters again (answers RetryResult); `POST /integrations/:channel/test` sends a made-up lead
 * named "Test" to it now (answers TestSendResult). Both are on the audit trail.
 */
export interface IntegrationsReport {
  integrations: IntegrationState[]
}
export interface RetryResult {
  channel: DeliveryChannel
  /** How many dead letters will be tried again by the next run of the job. */
  retried: number
}
export interface TestSendResult {
  channel: DeliveryChannel
  /** Whether the destination accepted the test. */
  ok: boolean
  /** What it answered: its refusal or why it could not be reached; '' when it accepted. */
  message: string
}

/**
 * `GET /funnel?from=&to=&source=`: the funnel for the days `from` to `to` (`YYYY-MM-DD`,
 * inclusive, in SALES_TIME_ZONE), of one source when `source` is given. Every role may ask; a
 * partner gets its own sources only (another source: a reply with no rows, as the policies in
 * Postgres decide). No personal data. The numbers are those `npm run insights` prints for the
 * same days: one query module serves both. `GET /funnel.csv` (same parameters) answers the
 * insights CSV of the same report.
 */
export interface FunnelQuery {
  from: string
  to: string
  source?: string
}

/** The funnel's steps and what happened beside them, summed over a report's days. */
export interface FunnelSteps {
  views: number
  starts: number
  sent: number
  booked: number
  /** Booked demos held: marked met, or over MEETING_OUTCOME_GRACE_HOURS unmarked. */
  met: number
  /** Booked demos the guest missed, and those our host missed. */
  noShow: number
  hostAbsent: number
  /** Leads held for review (bot defence), routed by a rule, and bookings cancelled. */
  heldForReview: number
  routed: number
  cancelled: number
}

/** The members of {@link FunnelSteps}, the steps first, in the funnel's order. */
export const funnelStepNames = [
  'views',
  'starts',
  'sent',
  'booked',
  'met',
  'noShow',
  'hostAbsent',
  'heldForReview',
  'routed',
  'cancelled',
] as const satisfies readonly (keyof FunnelSteps)[]

/** Every step at zero, to add a report's rows to. */
export const emptyFunnelSteps = (): FunnelSteps =>
  Object.fromEntries(funnelStepNames.map((name) => [name, 0])) as unknown as FunnelSteps

/** One day's steps, for the chart by day. */
export interface FunnelDay extends FunnelSteps {
  day: string
}

/**
 * How visitors left one field: empty, or with an error, and the message codes they saw, as the
 * HTML report shows it. `label` is the field's name in the sales email.
 */
export interface FunnelFieldDropOff {
  field: string
  label: string
  leftEmpty: number
  leftWithError: number
  /** Codes the field was left with, most seen first. */
  errorCodes: [code: string, n: number][]
  refused: number
  refusedCodes: [code: string, n: number][]
}

/**
 * The reply of `GET /funnel`. Rows named `other` are kept, never hidden: a source's new pages
 * past ANALYTICS_SOURCE_PAGES_MAX or past their origin's ANALYTICS_ORIGIN_PAIRS_MAX (page
 * `other`), a new source's (source and page `other`), and campaigns past their own bound
 * (campaign `other`).
 */
export interface FunnelReport {
  from: string
  to: string
  /** SALES_TIME_ZONE: the zone the days are counted in. */
  timeZone: string
  /** The sources the report covers: every source, or the partner's own. */
  sources: string[]
  totals: FunnelSteps
  /** Every day from `from` to `to`, zeros included. */
  days: FunnelDay[]
  /** The same number of days just before `from`, for the chart's comparison. */
  previous: { from: string; to: string; totals: FunnelSteps; days: FunnelDay[] }
  /** Per source, most viewed first. */
  bySource: (FunnelSteps & { source: string })[]
  /** Per source and page (origin and path, never a query), most viewed first. */
  byPage: (FunnelSteps & { source: string; page: string })[]
  /**
   * Per `utm_source` and `utm_campaign`: views and starts from pages opened with them, sent and
   * booked from the leads carrying them; '' for none.
   */
  byCampaign: (FunnelSteps & { utmSource: string; utmCampaign: string })[]
  /** Every field of the form that was left, in the form's order. */
  fields: FunnelFieldDropOff[]
}

/**
 * A read-only link to a funnel view (docs/console.md#share-links), as `GET /share-links` lists
 * them: the owner's every link, marketing's own. `POST /share-links` (ShareLinkRequest) makes one
 * and answers ShareLinkMade, the only time its token is seen; `DELETE /share-links/:id` revokes
 * it (204). Sales and partners are refused by the database.
 */
export interface ShareLink {
  id: string
  /** Who made it, as they were then. */
  createdBy: string
  createdAt: string
  /** The sources it shows; empty for every source. */
  sources: string[]
  /** The last `days` days up to the day it is opened; null for the fixed days `from` to `to`. */
  days: number | null
  from: string | null
  to: string | null
  expiresAt: string | null
  revokedAt: string | null
  openings: number
  lastOpenedAt: string | null
}

/** The reply to `POST /share-links`: the link, and its token, which is never shown again. */
export interface ShareLinkMade {
  link: ShareLink
  token: string
}

/**
 * `POST /shared` `{ token }`, with no one signed in: the link's funnel, counts only, and its
 * expiry. Each opening is on the audit trail. A revoked or expired link (or one whose maker may
 * no longer share) answers 410 `gone`, an unknown token 404.
 */
export interface SharedFunnel {
  report: FunnelReport
  expiresAt: string | null
}

/**
 * The funnel by email: none, weekly (on Mondays, of the week before) or monthly (on the 1st, of
 * the month before), each in SALES_TIME_ZONE and in the person's own bounds (a partner's sources).
 */
export const reportCadences = ['none', 'weekly', 'monthly'] as const
export type ReportCadence = (typeof reportCadences)[number]

/**
 * `GET /report` and `PUT /report` `{ cadence }`: the signed-in person's own report, which only
 * they read and set (on the audit trail as `report_change`).
 */
export interface ReportChoice {
  cadence: ReportCadence
}
