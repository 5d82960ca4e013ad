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
}

/** The default endpoint of Resend's send-email API. */
export const resendApiUrl = 'https://api.resend.com/emails'

/** A notifier that emails each lead to the sales team. */
export function createResendNotifier(options: ResendNotifierOptions): Notifier {
  const send = options.fetch ?? fetch
  return {
    async notify(lead, signal) {
      const email = leadEmail(lead)
      const response = await send(options.apiUrl ?? resendApiUrl, {
        method: 'POST',
        signal,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          'content-type': 'application/json',
          // Resend drops a repeated key, so a retry after a lost reply sends no second email.
          'idempotency-key': `demo-request-${lead.id}`,
        },
        body: JSON.stringify({ from: options.from, to: options.to, ...email }),
      })
      // The body is unused; reading it frees the connection.
      await response.body?.cancel()
      if (!response.ok) throw new Error(`Email API answered ${response.status}`)
    },
  }
}
