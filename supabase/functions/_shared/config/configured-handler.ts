import { bookingProviders } from '#core/next-step.ts'
import type { AbuseStore } from '../abuse/abuse-store.ts'
import { createProofGate } from '../abuse/proof-gate.ts'
import { funnelEventsRoutes } from '../analytics/funnel-events-handler.ts'
import type { FunnelStore } from '../analytics/funnel-store.ts'
import { createBookingReconciler, type Reconcile } from '../booking/booking-reconciler.ts'
import type { BookingStore } from '../booking/booking-store.ts'
import { bookingWebhookRoutes } from '../booking/booking-webhook-handler.ts'
import { bookingWebhookPath } from '../booking/schedulers.ts'
import type { AuditRetention } from '../console/audit/audit-retention.ts'
import { type AfterReply, platformAfterReply, trackPendingWork } from '../http/after-reply.ts'
import { functionApp, functionHandler } from '../http/function-app.ts'
import { type DemoRequestHandler, demoRequestRoutes } from '../lead/demo-request-handler.ts'
import type { LeadStore } from '../lead/lead-store.ts'
import type { ClaimedSendRun } from '../notify/claimed-sends.ts'
import {
  createNotificationDispatcher,
  type NotificationDispatcher,
} from '../notify/notification-dispatcher.ts'
import type { NotificationStore } from '../notify/notification-store.ts'
import type { NotificationChannel } from '../notify/notifier.ts'
import { notifyRetryRoutes } from '../notify/notify-retry-handler.ts'
import { createSendTraffic, type SendTraffic } from '../notify/send-traffic.ts'
import { createQuietAlarmJob } from '../quiet/quiet-alarm-job.ts'
import type { QuietAlarmStore } from '../quiet/quiet-alarm-store.ts'
import { createReportJob } from '../reports/report-job.ts'
import type { ReportStore } from '../reports/report-store.ts'
import { unsubscribeRoutes } from '../reports/unsubscribe-routes.ts'
import { type BackendJobs, createBackendJobs } from './backend-jobs.ts'
import { configuredNotifiers, type NotifierSettings } from './configured-notifiers.ts'
import type { FunctionConfig } from './function-config.ts'
import { createRetention, pruneWhileServing } from './retention.ts'

/** The stores the function works on, one per capability. */
export interface FunctionStores {
  leads: LeadStore
  /** Rate limits, client-key secrets and spent proofs. */
  abuse: AbuseStore
  notifications: NotificationStore
  /** The bookings the providers' signed webhooks report. */
  bookings: BookingStore
  /** The funnel's counters (docs/analytics.md). */
  funnel: FunnelStore
  /** The console's audit trail, for its retention. */
  audit: AuditRetention
  /** The emailed funnel reports' claims and unsubscribes. */
  reports: ReportStore
  /** The quiet page alarms' claims. */
  quiet: QuietAlarmStore
}

/** The dispatcher over the configured notifiers; with none it sends nothing. */
function createConfiguredDispatcher(
  config: NotifierSettings &
    Pick<
      FunctionConfig,
      | 'notifyTimeoutMs'
      | 'notifyMaxAttempts'
      | 'noBookingAlertSeconds'
      | 'deliveryYieldSeconds'
      | 'routes'
    >,
  notifications: NotificationStore,
  now: () => Date,
  traffic: SendTraffic,
): NotificationDispatcher {
  return createNotificationDispatcher({
    store: notifications,
    notifiers: configuredNotifiers(config),
    timeoutMs: config.notifyTimeoutMs,
    maxAttempts: config.notifyMaxAttempts,
    noBooking: {
      // Only a lead shown a booking page can be expected to have booked.
      bookingRules: config.routes.filter((route) => route.kind === 'book').map(({ rule }) => rule),
      delaySeconds: config.noBookingAlertSeconds,
    },
    now,
    giveWay: { traffic, maxWaitMs: config.deliveryYieldSeconds * 1000 },
  })
}

/**
 * The reconciliation of the schedulers' bookings the settings name (booking-reconciler.ts);
 * null when no scheduler's API is set.
 */
function createConfiguredReconciler(
  config: Pick<FunctionConfig, 'schedulerApis' | 'meetingOutcomeGraceHours'>,
  bookings: BookingStore,
  channels: readonly NotificationChannel[],
  options: { now?: () => Date; fetch?: typeof globalThis.fetch } = {},
): Reconcile | null {
  if (Object.values(config.schedulerApis).every((api) => api === null)) return null
  return createBookingReconciler({
    bookings,
    apis: config.schedulerApis,
    channels,
    now: options.now ?? (() => new Date()),
    graceHours: config.meetingOutcomeGraceHours,
    log: console.error,
    fetch: options.fetch,
  })
}

/** The path of the one-click unsubscribe, after the function's own. */
const unsubscribePath = '/unsubscribe'

/**
 * The emailed funnel reports (report-job.ts), sent through the email API with links to the
 * console: null, so none is sent, unless both the email API and CONSOLE_URL are set. The
 * unsubscribe link is the function's own address, on SUPABASE_URL, else on the console's origin
 * (`npm start` serves both on one).
 */
function createConfiguredReportJob(
  config: FunctionConfig,
  reports: ReportStore,
  now: () => Date,
): (() => Promise<ClaimedSendRun>) | null {
  const { email } = config
  const consoleUrl = config.chat.consoleUrl
  if (email === null || consoleUrl === null) return null
  const base = config.auth.url ?? new URL(consoleUrl).origin
  return createReportJob({
    store: reports,
    account: email,
    consoleUrl,
    unsubscribeUrl: `${base.replace(/\/$/, '')}/functions/v1/send-demo-request${unsubscribePath}`,
    timeZone: config.salesTimeZone,
    sourceCampaigns: config.analytics.sourceCampaigns,
    timeoutMs: config.notifyTimeoutMs,
    now,
  })
}

function proofGate(config: FunctionConfig, abuse: AbuseStore) {
  if (!config.proofOfWork) return null
  return createProofGate({
    abuse,
    rateLimit: config.rateLimit,
    bits: config.proofOfWork,
  })
}

/** How the function is run beyond its settings. */
export interface ConfiguredHandlerOptions {
  /** Where notifications go after the reply (see after-reply.ts). */
  afterReply?: AfterReply
  /** The one clock of windows, holds, digests and leases; the system's by default. */
  now?: () => Date
}

/** The backend the settings describe: the function's routes, and the jobs behind them. */
export interface Backend {
  /**
   * Leads at the function's path, the retry endpoint at `…/retry`, each scheduler's booking
   * webhook at `…/booking/<provider>` (schedulers.ts), and the pages' funnel events at
   * `…/events` (docs/analytics.md).
   */
  handler: DemoRequestHandler
  jobs: BackendJobs
}

/**
 * The one wiring of the backend, on the stores given: the Deno entry serves its handler,
 * `npm start` its handler and its jobs, and the local commands run its jobs. Nothing else
 * builds a dispatcher, a reconciler or the retention.
 */
export function createBackend(
  config: FunctionConfig,
  stores: FunctionStores,
  options: ConfiguredHandlerOptions = {},
): Backend {
  const now = options.now ?? (() => new Date())
  const log = console.error
  const afterReply = options.afterReply ?? platformAfterReply(trackPendingWork(log).afterReply, log)
  const traffic = createSendTraffic()
  const dispatcher = createConfiguredDispatcher(config, stores.notifications, now, traffic)
  const jobs = createBackendJobs(dispatcher, createRetention(config, stores, now), {
    reconcile: createConfiguredReconciler(config, stores.bookings, dispatcher.channels, { now }),
    settleMeetings: () => stores.bookings.settle(now(), config.meetingOutcomeGraceHours),
    sendQuietAlarms: createQuietAlarmJob({
      store: stores.quiet,
      account: config.email,
      slackWebhookUrl: config.chat.slackWebhookUrl,
      teamsWebhookUrl: config.chat.teamsWebhookUrl,
      consoleUrl: config.chat.consoleUrl,
      quietHours: config.quietSourceHours,
      timeZone: config.salesTimeZone,
      timeoutMs: config.notifyTimeoutMs,
      now,
    }),
    sendReports: createConfiguredReportJob(config, stores.reports, now),
  })
  const pruneNow = pruneWhileServing(jobs.prune, now, afterReply, log)
  const leads = demoRequestRoutes({
    leads: stores.leads,
    clientKeySecret: stores.abuse.clientKeySecret,
    dispatch: dispatcher.dispatch,
    traffic,
    afterReply,
    allowedOrigins: config.allowedOrigins,
    // The retry endpoint has its own secret, and each provider signs its webhooks: only leads
    // need the project's key.
    apiKeys: config.apiKeys,
    rateLimit: config.rateLimit,
    proofOfWork: proofGate(config, stores.abuse),
    fields: config.fields,
    routes: config.routes,
    ownerRules: config.ownerRules,
    now,
  })
  const retry = notifyRetryRoutes({ secret: config.retrySecret, jobs })
  const booking = bookingWebhookRoutes({
    bookings: stores.bookings,
    secrets: config.webhookSecrets,
    channels: dispatcher.channels,
    dispatchBooking: dispatcher.dispatchBooking,
    afterReply,
    now,
    graceHours: config.meetingOutcomeGraceHours,
    log,
  })
  // A page's beacon carries no API key: its origin and the client's limit guard it instead.
  const events = funnelEventsRoutes({
    funnel: stores.funnel,
    clientKeySecret: stores.abuse.clientKeySecret,
    allowedOrigins: config.allowedOrigins,
    rateLimit: config.rateLimit,
    clientMax: config.analytics.clientMax,
    bounds: config.analytics,
    salesTimeZone: config.salesTimeZone,
    now,
    log,
  })
  const bookingPaths = bookingProviders.map(bookingWebhookPath)
  const app = functionApp(['/events', '/retry', unsubscribePath, ...bookingPaths])
  app.use(async (_c, next) => {
    pruneNow()
    await next()
  })
  app
    .route('/', leads)
    .route('/events', events)
    .route('/retry', retry)
    .route(unsubscribePath, unsubscribeRoutes({ reports: stores.reports }))
  for (const provider of bookingProviders)
    app.route(bookingWebhookPath(provider), booking(provider))
  return { handler: functionHandler(app), jobs }
}

/** The backend's handler alone, for tests of its routes. */
export const createConfiguredHandler = (
  config: FunctionConfig,
  stores: FunctionStores,
  options: ConfiguredHandlerOptions = {},
): DemoRequestHandler => createBackend(config, stores, options).handler
