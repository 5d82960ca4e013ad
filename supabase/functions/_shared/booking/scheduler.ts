import type { WebhookOutcome } from './booking-event.ts'
import type { SchedulerApi } from './scheduler-api.ts'

/** Who a booking page is prefilled for. */
export interface Invitee {
  name: string
  email: string
}

/**
 * Everything the function knows of one scheduler, in that provider's module under `providers/`;
 * `schedulers.ts` keys them by `bookingProviders`, so a provider added there without a module
 * is a compile error, not a branch that silently means another provider.
 */
export interface Scheduler {
  /** The provider's name as sales and the log read it. */
  name: string
  /**
   * The hosts of its own booking pages: a route's `book` on one of them is this provider's
   * without `"provider"`. `*.example.com` matches one label before `example.com`.
   */
  hosts: readonly string[]
  /** The setting holding its webhook's secret; unset, its endpoint refuses every delivery. */
  secretSetting: string
  /** Its bookings read back from its API by the scheduled job, for what the webhooks missed. */
  api: SchedulerApi
  /**
   * The booking page prefilled for one lead, carrying `requestId` where the provider's webhook
   * hands it back. `embedDomain` is the host of the page the form is on.
   */
  bookingUrl(page: string, invitee: Invitee, requestId: string, embedDomain: string): string
  /** One webhook delivery, its signature checked under `secret` against the raw body. */
  readWebhook(
    rawBody: string,
    headers: Headers,
    secret: string,
    now: () => Date,
  ): Promise<WebhookOutcome>
}
