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

/** One email as Resend's API takes it; `headers` are the message's own (List-Unsubscribe). */
export interface ResendEmail {
  subject: string
  html: string
  text: string
  replyTo?: string | null
  headers?: Record<string, string>
}

/** The account an email is sent from: the key, the sender and the endpoint. */
export type ResendAccount = Pick<ResendNotifierOptions, 'apiKey' | 'from' | 'apiUrl' | 'fetch'>

/**
 * Sends one email to `to` under the idempotency key `key`: Resend drops a repeated key, so a
 * retry after a lost reply sends no second email. Throws when the API does not accept it.
 */
export async function sendResendEmail(
  account: ResendAccount,
  to: readonly string[],
  { replyTo, ...email }: ResendEmail,
  key: string,
  signal: AbortSignal,
): Promise<void> {
  const send = account.fetch ?? fetch
  const response = await send(account.apiUrl ?? resendApiUrl, {
    method: 'POST',
    signal,
    headers: {
      authorization: `Bearer ${account.apiKey}`,
      'content-type': 'application/json',
      'idempotency-key': key,
    },
    body: JSON.stringify({
      from: account.from,
      to,
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

/**
 * A notifier that emails each lead, or a window's digest of held leads, to the sales team. The
 * body is built from stored rows alone and the idempotency key from their id, so every attempt
 * is the same request to Resend.
 */
export function createResendNotifier(options: ResendNotifierOptions): Notifier {
  const timeZone = options.timeZone ?? 'UTC'
  const sendEmail = (email: ResendEmail, key: string, signal: AbortSignal) =>
    sendResendEmail(options, options.to, email, key, signal)

  return {
    channel: 'email',
    notify: (lead, signal) => sendEmail(leadEmail(lead), `demo-request-${lead.id}`, signal),
    notifyDigest: (digest, signal) =>
      sendEmail(heldDigestEmail(digest, timeZone), digestId(digest), signal),
    notifyBooking: (booking, signal) =>
      sendEmail(bookingEmail(booking, timeZone), bookingNoticeId(booking), signal),
  }
}
