import { bookingEmail, bookingNoticeId } from './booking-notice.ts'
import { refusalOf } from './delivery-refused.ts'
import { digestId, heldDigestEmail } from './held-digest.ts'
import { leadEmail } from './lead-email.ts'
import type { Notifier } from './notifier.ts'

/** Where and how to send notification emails through a Resend-style HTTP API. */
export interface ResendNotifierOptions {
  apiKey: string
  to: readonly string[]
  from: string
  /** The endpoint that accepts one email as JSON. */
  apiUrl?: string
  fetch?: typeof fetch
  /** The IANA time zone sales read times in; UTC by default. */
  timeZone?: string
}

/** The default endpoint of Resend's send-email API. */
export const resendApiUrl = 'https://api.resend.com/emails'

interface Email {
  subject: string
  html: string
  text: string
  replyTo?: string | null
}

/**
 * A notifier that emails each lead, or a window's digest of held leads, to the sales team. The
 * body is built from stored rows alone and the idempotency key from their id, so every attempt
 * is the same request to Resend.
 */
export function createResendNotifier(options: ResendNotifierOptions): Notifier {
  const send = options.fetch ?? fetch
  const timeZone = options.timeZone ?? 'UTC'

  async function sendEmail({ replyTo, ...email }: Email, key: string, signal: AbortSignal) {
    const response = await send(options.apiUrl ?? resendApiUrl, {
      method: 'POST',
      signal,
      headers: {
        authorization: `Bearer ${options.apiKey}`,
        'content-type': 'application/json',
        // Resend drops a repeated key, so a retry after a lost reply sends no second email.
        'idempotency-key': key,
      },
      body: JSON.stringify({
        from: options.from,
        to: options.to,
        ...email,
        ...(replyTo && { reply_to: replyTo }),
      }),
    })
    if (response.status === 409) {
      // Resend's 409s: the key was used already (so that email went out), or a request with
      // it is still in progress, which may yet fail and is retried later.
      const error = await response.json().catch(() => ({}))
      if (error?.name === 'concurrent_idempotent_requests') {
        throw new Error('Email API is still sending an earlier attempt (409)')
      }
      return
    }
    // The body is unused; reading it frees the connection.
    await response.body?.cancel()
    if (!response.ok) throw refusalOf(response, 'Email API', new Date())
  }

  return {
    channel: 'email',
    notify: (lead, signal) => sendEmail(leadEmail(lead), `demo-request-${lead.id}`, signal),
    notifyDigest: (digest, signal) =>
      sendEmail(heldDigestEmail(digest, timeZone), digestId(digest), signal),
    notifyBooking: (booking, signal) =>
      sendEmail(bookingEmail(booking, timeZone), bookingNoticeId(booking), signal),
  }
}
