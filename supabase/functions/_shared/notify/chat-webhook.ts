import { isRecord } from '#core/is-record.ts'
import { DeliveryRefused, retryAfterSeconds } from './delivery-refused.ts'

/** A chat service's webhook, as a notifier posts to it. */
export interface ChatWebhook {
  /** The service, as messages about it name it. */
  service: 'Slack' | 'Teams'
  /** The setting holding `url`, named in a refusal that only a new address fixes. */
  setting: string
  url: string
  fetch: typeof fetch
  now: () => Date
}

// Slack answers with a word (`invalid_payload`); Power Automate with `{ error: { code } }`.
function replyWord(text: string): string {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return text.trim().split('\n')[0]?.slice(0, 100) ?? ''
  }
  const error = isRecord(parsed) ? parsed.error : undefined
  return isRecord(error) && typeof error.code === 'string' ? error.code.slice(0, 100) : ''
}

/**
 * The error for a reply that is not a success: `DeliveryRefused` with the wait the service asked
 * for, or `permanent` where sending the same body to the same address can never succeed.
 */
export function chatRefusal(
  hook: Pick<ChatWebhook, 'service' | 'setting'>,
  status: number,
  headers: Headers,
  body: string,
  now: Date,
): Error {
  const word = replyWord(body)
  const answered = `${hook.service} answered ${status}${word ? ` ${word}` : ''}`
  const wait = retryAfterSeconds(headers.get('retry-after'), now)
  if (status === 429 || (status === 503 && wait !== undefined)) {
    return new DeliveryRefused(`${answered}: it asked to wait`, { retryAfterSeconds: wait })
  }
  // The message is built from stored rows alone, so the same one would be refused again.
  if (status === 400 || status === 413) {
    return new DeliveryRefused(`${answered}: it refused the message itself`, { permanent: true })
  }
  // Each of these waits on the operator; the console's Retry sends the message again after.
  if (status >= 300 && status < 400) {
    const fix = `set ${hook.setting} to the webhook's own address, which does not redirect`
    return new DeliveryRefused(`${answered}: ${fix}`, { permanent: true })
  }
  if (status === 410) {
    const fix = `unarchive the channel, or set ${hook.setting} to another channel's webhook`
    return new DeliveryRefused(`${answered}: ${fix}`, { permanent: true })
  }
  if ([401, 403, 404].includes(status)) {
    const fix = `the webhook was removed or is not allowed to post; make a new one and set ${hook.setting}`
    return new DeliveryRefused(`${answered}: ${fix}`, { permanent: true })
  }
  return new Error(answered)
}

/** Posts `payload` as JSON; resolves on a 2xx, rejects with {@link chatRefusal} otherwise. */
export async function postToChat(
  hook: ChatWebhook,
  payload: unknown,
  signal: AbortSignal,
): Promise<void> {
  const response = await hook.fetch(hook.url, {
    method: 'POST',
    signal,
    // A redirected POST turns into a GET without the message; its 200 would count as sent.
    redirect: 'manual',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  })
  if (response.ok) {
    // Reading the body frees the connection; Slack's is `ok`, Teams' empty.
    await response.body?.cancel()
    return
  }
  const body = await response.text().catch(() => '')
  throw chatRefusal(hook, response.status, response.headers, body, hook.now())
}
