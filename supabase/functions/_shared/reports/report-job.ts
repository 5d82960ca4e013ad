import { type ClaimedSendRun, claimedSendRun } from '../notify/claimed-sends.ts'
import { type ResendAccount, sendResendEmail } from '../notify/resend-notifier.ts'
import { reportEmail } from './report-email.ts'
import type { ClaimedReport, ReportStore } from './report-store.ts'
import { reportMaxTries } from './sql-report-store.ts'

export interface ReportJobOptions {
  store: ReportStore
  /** The email API's account (RESEND_API_KEY, NOTIFY_EMAIL_FROM, RESEND_API_URL). */
  account: ResendAccount
  /** CONSOLE_URL: the report links to the same days there. */
  consoleUrl: string
  /** The unsubscribe route's address (unsubscribe-routes.ts); each email adds its token. */
  unsubscribeUrl: string
  /** SALES_TIME_ZONE: the firm's days, weeks and months. */
  timeZone: string
  /** ANALYTICS_SOURCE_CAMPAIGNS_MAX: the report folds campaigns as the console does. */
  sourceCampaigns: number
  /** After this long a hanging send is abandoned and counts as failed (NOTIFY_TIMEOUT_MS). */
  timeoutMs: number
  now: () => Date
  log?: (message: string, error?: unknown) => void
  /** Reports one run sends at most; 200 by default. */
  limit?: number
  /**
   * How long one run starts new reports for; 30 s by default, so with the notifications' 60 s
   * before it a run stays within the 150 s an Edge Function may run. The rest wait, unclaimed.
   */
  runBudgetMs?: number
}

/** The same key on every try of one report, so the email API sends it once. */
export const reportKey = (claim: Pick<ClaimedReport, 'userId' | 'cadence' | 'from'>) =>
  `funnel-report-${claim.userId}-${claim.cadence}-${claim.from}`

/** The console's funnel for the report's days: the view the email links to. */
function consoleFunnelLink(consoleUrl: string, from: string, to: string): string {
  const url = new URL(consoleUrl)
  url.searchParams.set('view', 'funnel')
  url.searchParams.set('range', 'custom')
  url.searchParams.set('from', from)
  url.searchParams.set('to', to)
  return url.href
}

/**
 * The emailed reports' part of the scheduled job (docs/console.md#reports-by-email): claims each
 * report due, one at a time, reads it as its person and sends it to them. A claim is written
 * before the send and its key goes with it, so two runs at once, or a run after one that died
 * mid-send, send each report once. Rejects only when the store does.
 */
export function createReportJob(options: ReportJobOptions): () => Promise<ClaimedSendRun> {
  const { store, timeZone, now } = options
  return claimedSendRun<ClaimedReport>({
    timeoutMs: options.timeoutMs,
    now,
    log: options.log ?? console.error,
    limit: options.limit ?? 200,
    runBudgetMs: options.runBudgetMs ?? 30_000,
    maxTries: reportMaxTries,
    noun: 'a report',
    describe: (claim) => `The ${claim.cadence} report of ${claim.from} to ${claim.userId}`,
    claimNext: async (leaseSeconds) =>
      (await store.claimDue({ now: now(), timeZone, leaseSeconds, limit: 1 }))[0],
    record: (claim, outcome) => store.record(claim, outcome),
    async send(claim, signal) {
      const read = await store.read(claim, { timeZone, sourceCampaigns: options.sourceCampaigns })
      // Removed from the staff since the claim: the claim went with them.
      if (read === null) return false
      const unsubscribe = new URL(options.unsubscribeUrl)
      unsubscribe.searchParams.set('token', claim.token)
      const email = reportEmail({
        ...claim,
        ...read,
        links: {
          console: consoleFunnelLink(options.consoleUrl, claim.from, claim.to),
          unsubscribe: unsubscribe.href,
        },
      })
      await sendResendEmail(
        options.account,
        [claim.email],
        {
          ...email,
          // RFC 8058: a mail provider's own Unsubscribe button POSTs to the address at once.
          headers: {
            'List-Unsubscribe': `<${unsubscribe.href}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        },
        reportKey(claim),
        signal,
      )
      return true
    },
  })
}
