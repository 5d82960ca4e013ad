import { Webhook } from 'standardwebhooks'
import { bookingNoticeId, bookingWebhook } from './booking-notice.ts'
import { refusalOf } from './delivery-refused.ts'
import { digestId, heldDigestWebhook } from './held-digest.ts'
import { leadWebhook } from './lead-webhook.ts'
import type { Notifier } from './notifier.ts'

/** Where to post leads and the secret to sign them with. */
export interface WebhookNotifierOptions {
  url: string
  /** A Standard Webhooks secret: `whsec_` and the base64 of the key. */
  secret: string
  fetch?: typeof fetch
  /** The signing time; a receiver rejects signatures more than five minutes off its clock. */
  now?: () => Date
  /** The IANA time zone of the times in `text`; UTC by default. */
  timeZone?: string
}

/** The `webhook-id` of a lead: the same on every attempt, so receivers can drop repeats. */
export const webhookId = (leadId: string) => `demo-request-${leadId}`

/**
 * A notifier that posts each lead, or a window's digest of held leads, as signed JSON
 * (Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature`). The body and id
 * come from stored rows alone; only the timestamp and so the signature are new on each
 * attempt, as the scheme intends.
 */
export function createWebhookNotifier(options: WebhookNotifierOptions): Notifier {
  const signer = new Webhook(options.secret)
  const send = options.fetch ?? fetch
  const now = options.now ?? (() => new Date())
  const timeZone = options.timeZone ?? 'UTC'

  async function post(id: string, payload: unknown, signal: AbortSignal) {
    const body = JSON.stringify(payload)
    const timestamp = now()
    const response = await send(options.url, {
      method: 'POST',
      signal,
      // A redirected POST turns into a GET without the lead; its 200 would count as sent.
      redirect: 'manual',
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
        'webhook-signature': signer.sign(id, timestamp, body),
      },
      body,
    })
    await response.body?.cancel()
    // 409 Conflict: a receiver that keeps webhook ids already has this one.
    if (!response.ok && response.status !== 409) throw refusalOf(response, 'Webhook', now())
  }

  return {
    channel: 'webhook',
    notify: (lead, signal) => post(webhookId(lead.id), leadWebhook(lead), signal),
    notifyDigest: (digest, signal) =>
      post(digestId(digest), heldDigestWebhook(digest, timeZone), signal),
    notifyBooking: (booking, signal) =>
      post(bookingNoticeId(booking), bookingWebhook(booking, timeZone), signal),
    notifyNoBooking: (lead, signal) =>
      post(
        `${webhookId(lead.id)}-not-booked`,
        leadWebhook(lead, 'demo_request.not_booked'),
        signal,
      ),
  }
}
