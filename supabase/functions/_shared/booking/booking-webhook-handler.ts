import { Hono } from 'hono'
import type { BookingProvider } from '#core/next-step.ts'
import type { AfterReply } from '../http/after-reply.ts'
import type { FunctionEnv } from '../http/function-env.ts'
import { errorReply } from '../http/json-reply.ts'
import { methodNotAllowed } from '../http/method-not-allowed.ts'
import { textBody } from '../http/text-body.ts'
import type { AttendanceEvent, BookingNoticeKey, WebhookOutcome } from './booking-event.ts'
import type { BookingStore, NoticeChannels } from './booking-store.ts'
import { schedulers } from './schedulers.ts'

/** What the booking webhooks use. */
export interface BookingWebhookDependencies {
  bookings: BookingStore
  /** Each provider's webhook secret (its `secretSetting`); null refuses every delivery. */
  secrets: Record<BookingProvider, string | null>
  /** The channels sales are told on: a change's notifications are made for these. */
  channels: NoticeChannels
  /** Tells sales about a change; never throws (what fails stays due for the retries). */
  dispatchBooking: (key: BookingNoticeKey) => Promise<unknown>
  afterReply: AfterReply
  now: () => Date
  /** MEETING_OUTCOME_GRACE_HOURS: how long after its end an unmarked meeting counts as met. */
  graceHours: number
  log: (message: string, error?: unknown) => void
  /** Largest body read, in bytes. */
  maxBodyBytes?: number
}

// A booking's payload with every field a provider sends is a few kilobytes; this is ample.
const defaultMaxBodyBytes = 256 * 1024

const acknowledged = () =>
  new Response(JSON.stringify({ success: true }), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  })

/**
 * `POST …/send-demo-request/booking/<provider>` (schedulers.ts): a provider's signed report
 * of a booking. The signature, not the project's key, is what lets it in: 401 without a valid
 * one (nothing changes), 400 for a signed body that is no booking, 503 when the store fails,
 * 200 for the rest, even a booking of no known lead, which is logged and dropped. Cal.com never
 * delivers again after a non-2xx answer, and Calendly gives up on a subscription after a day of
 * them: what a 400 or 503 loses, the scheduled job reads back from the provider's API
 * (booking-reconciler.ts), where its key is set.
 */
export function bookingWebhookRoutes(deps: BookingWebhookDependencies) {
  const maxBodyBytes = deps.maxBodyBytes ?? defaultMaxBodyBytes

  async function read(
    provider: BookingProvider,
    body: string,
    headers: Headers,
  ): Promise<WebhookOutcome> {
    const secret = deps.secrets[provider]
    if (secret === null) return { kind: 'unsigned' }
    return schedulers[provider].readWebhook(body, headers, secret, deps.now)
  }

  // A meeting's end or marks, applied like a booking: 503 when the store fails (the read-back
  // finds it), 200 for a booking not stored (nothing later would make it a lead's).
  async function attend(provider: BookingProvider, event: AttendanceEvent) {
    const { bookingId, occurredAt, endTime, guestNoShow, hostAbsent } = event
    try {
      const attended = await deps.bookings.attend(
        { provider, bookingId, occurredAt, endTime, guestNoShow, hostAbsent },
        deps.now(),
        deps.graceHours,
      )
      if (attended.leadId === null) {
        deps.log(`A ${schedulers[provider].name} meeting (${bookingId}) of no stored booking`)
      }
      return acknowledged()
    } catch (error) {
      deps.log('The booking store failed', error)
      return errorReply(503, { code: 'unavailable', message: 'Try again later.' })
    }
  }

  /** One provider's webhook, at `/`: posted, its body read whole (the signature is over it). */
  return (provider: BookingProvider): Hono<FunctionEnv> => {
    const app = new Hono<FunctionEnv>()
    app.post(
      '/',
      textBody(maxBodyBytes, {
        status: 413,
        code: 'payload_too_large',
        message: 'The body is too large.',
      }),
      async (c) => {
        const outcome = await read(provider, c.get('body'), c.req.raw.headers)
        if (outcome.kind === 'unsigned') {
          return errorReply(401, {
            code: 'unauthorized',
            message: `The ${schedulers[provider].name} webhook signature is missing or does not match.`,
          })
        }
        if (outcome.kind === 'malformed') {
          return errorReply(400, { code: 'malformed', message: outcome.reason })
        }
        if (outcome.kind === 'ignored') return acknowledged()
        if (outcome.kind === 'attendance') return attend(provider, outcome.event)
        const { event } = outcome
        let applied: Awaited<ReturnType<BookingStore['apply']>>
        try {
          applied = await deps.bookings.apply(event, deps.channels, deps.now())
        } catch (error) {
          deps.log('The booking store failed', error)
          // Not a retry's cue: Cal.com sends nothing again. The scheduled job's next read of the
          // provider's API applies it, through this same store.
          return errorReply(503, { code: 'unavailable', message: 'Try again later.' })
        }
        if (applied.leadId === null) {
          // Acknowledged: nothing later would make it a lead's (Calendly would deliver it again, and
          // disable the subscription after a day of refusals): a booking made on the page without
          // the form's prefill, one whose request is still to come, or of a lead deleted since. Only
          // one naming no lead is kept, for a later delivery that names it.
          const booking = `A ${schedulers[provider].name} booking (${event.bookingId})`
          deps.log(
            event.requestId === undefined
              ? `${booking} names no demo request: acknowledged, kept until a delivery names one`
              : `${booking} names no known demo request (${event.requestId}): acknowledged, not stored`,
          )
          return acknowledged()
        }
        if (applied.notice !== null) deps.afterReply(deps.dispatchBooking(applied.notice))
        if (event.endTime === undefined) return acknowledged()
        return attend(provider, { ...event, endTime: event.endTime })
      },
    )
    app.all('/', methodNotAllowed('POST', 'Booking webhooks are posted.'))
    return app
  }
}
