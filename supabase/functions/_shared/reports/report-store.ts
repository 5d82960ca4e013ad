import type { FunnelReport, ReportCadence } from '#core/console-api.ts'
import type { FunnelRange } from '../analytics/funnel-store.ts'

/** A report a run of the job has claimed: whose, of which days, and its unsubscribe token. */
export interface ClaimedReport {
  userId: string
  email: string
  cadence: Exclude<ReportCadence, 'none'>
  /** The firm's days the report covers, `YYYY-MM-DD`, both included. */
  from: string
  to: string
  /** Kept until the email is accepted, so each try sends the same email. */
  token: string
  /** This claim's try, from 1. */
  tries: number
}

/** The emailed reports' claims, in the database (console_report_sends). */
export interface ReportStore {
  /**
   * Claims the reports due at `now` in `timeZone` (SALES_TIME_ZONE), at most `limit`, each for
   * `leaseSeconds`: a claim is never handed to two runs while its lease lasts.
   */
  claimDue(options: {
    now: Date
    timeZone: string
    leaseSeconds: number
    limit: number
  }): Promise<ClaimedReport[]>
  /**
   * The person's funnel for the claim's days, as they would read it in the console; null for a
   * person no longer on the staff.
   */
  read(
    claim: ClaimedReport,
    settings: Pick<FunnelRange, 'timeZone' | 'sourceCampaigns'>,
  ): Promise<{ report: FunnelReport; sources: string[] | null } | null>
  /** Sent: never claimed again. Failed: due again at `retryAt`, or never after the last try. */
  record(
    claim: ClaimedReport,
    outcome: { sent: true } | { sent: false; error: string; retryAt: Date },
  ): Promise<void>
  /** The one-click unsubscribe: false for a token no report carried. */
  unsubscribe(token: string): Promise<boolean>
}
