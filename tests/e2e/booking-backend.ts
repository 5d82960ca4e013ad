// What booking.e2e.ts needs beside the browser: a local server routing with the rules,
// signed webhook deliveries posted to it as a provider posts them, and `npm run leads`' table.
import type { BookingProvider } from '#core/next-step.ts'
import {
  calendlyWebhookBody,
  calWebhookBody,
  signCalendlyWebhook,
  signCalWebhook,
} from '../support/booking-webhooks.ts'
import { startLocalServer } from '../support/start-local-server.ts'
import type { ServerProcess } from '../support/start-server-process.ts'

const calSecret = 'e2e-cal-webhook-secret'
const calendlyKey = 'e2e-calendly-signing-key'

/** What the 1-5 firms' rule shows in the form's place. */
export const routeMessage = "Thanks! We'll email you a short product tour."

/**
 * The example rules, with `book` on a stand-in page: its host is 127.0.0.1, so the
 * provider is named, as for a self-hosted scheduler.
 */
export function exampleRoutes(provider: BookingProvider, book: string): string {
  return JSON.stringify([
    { when: { companySize: ['50-200 employees', '200+ employees'] }, book, provider },
    { when: { companySize: ['1-5 employees'] }, message: routeMessage },
  ])
}

/** `npm start` with `routes`, both webhook secrets, `allowedOrigin`, and its data in `dataDir`. */
export function startRoutingServer(
  routes: string,
  dataDir: string,
  allowedOrigin: string,
): Promise<ServerProcess> {
  return startLocalServer({
    PGLITE_DATA_DIR: dataDir,
    DATABASE_URL: '',
    RESEND_API_KEY: '',
    NOTIFY_WEBHOOK_URL: '',
    ALLOWED_ORIGINS: allowedOrigin,
    RATE_LIMIT_MAX: '100',
    // Each visit is a view from 127.0.0.1 that sends its funnel batch; none may meet a 429.
    ANALYTICS_CLIENT_MAX: '1000',
    // The widget solves a proof of work for every lead, as against the deployed function.
    POW_MIN_BITS: '4',
    POW_MAX_BITS: '8',
    DEMO_REQUEST_ROUTES: routes,
    CAL_WEBHOOK_SECRET: calSecret,
    CALENDLY_WEBHOOK_SIGNING_KEY: calendlyKey,
  })
}

/** One booking as the provider's webhook reports it. */
export interface Delivery {
  provider: BookingProvider
  created: boolean
  requestId: string
  bookingId: string
  startTime: string
  timeZone: string
}

type SignedDelivery = { body: string; headers: Record<string, string> }

// Each provider's webhook as it signs it: a record, so a new provider without one is a type error.
const signers: Record<
  BookingProvider,
  (delivery: Delivery, createdAt: string, secret?: string) => SignedDelivery
> = {
  cal: ({ created, requestId, bookingId, startTime, timeZone }, createdAt, secret) => {
    const body = calWebhookBody({
      trigger: created ? 'BOOKING_CREATED' : 'BOOKING_CANCELLED',
      uid: bookingId,
      requestId,
      startTime,
      createdAt,
      attendeeTimeZone: timeZone,
    })
    return { body, headers: { 'x-cal-signature-256': signCalWebhook(body, secret ?? calSecret) } }
  },
  calendly: ({ created, requestId, bookingId, startTime, timeZone }, createdAt, secret) => {
    const body = calendlyWebhookBody({
      trigger: created ? 'invitee.created' : 'invitee.canceled',
      uri: bookingId,
      requestId,
      startTime,
      createdAt,
      timeZone,
    })
    const t = Math.floor(Date.now() / 1000)
    const signature = signCalendlyWebhook(body, secret ?? calendlyKey, t)
    return { body, headers: { 'calendly-webhook-signature': signature } }
  },
}

/** `delivery`'s body and signature headers, signed under `secret` (the right one by default). */
export function signedDelivery(delivery: Delivery, secret?: string): SignedDelivery {
  return signers[delivery.provider](delivery, new Date().toISOString(), secret)
}

/** Posts a delivery to the server's endpoint for its provider, as the provider does. */
export async function postDelivery(
  server: ServerProcess,
  provider: BookingProvider,
  { body, headers }: SignedDelivery,
): Promise<number> {
  const url = new URL(`functions/v1/send-demo-request/booking/${provider}`, server.url)
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  })
  await response.body?.cancel()
  return response.status
}
