/**
 * A destination's refusal, with what it said about trying again: a notifier throws it so the
 * job runner can wait as long as the destination asks (`Retry-After`, HubSpot's and Salesforce's
 * limit replies) or stop trying a request that can never succeed.
 */
export class DeliveryRefused extends Error {
  override name = 'DeliveryRefused'

  constructor(
    message: string,
    readonly options: {
      /** The destination asked for this long before the next try. */
      retryAfterSeconds?: number
      /** The same request will never be accepted (a 400 on a field): no more tries. */
      permanent?: boolean
    } = {},
  ) {
    super(message)
  }
}

/**
 * Seconds from a `Retry-After` header, either form (RFC 9110 §10.2.3): a number of seconds or an
 * HTTP date; undefined when there is none or it cannot be read.
 */
export function retryAfterSeconds(header: string | null, now: Date): number | undefined {
  if (header === null) return undefined
  const trimmed = header.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed)
  const at = Date.parse(trimmed)
  if (Number.isNaN(at)) return undefined
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000))
}

// Replies that will be the same however often the same request is sent: a malformed body, a
// gone endpoint. Authentication failures are not among them: a key set right makes them pass.
const refusedForGood = new Set([400, 410, 413, 422])

/**
 * The error for a reply that did not accept a delivery: a {@link DeliveryRefused} where the reply
 * says when to try again (429 or 503 with `Retry-After`) or that it never will, a plain error
 * otherwise. `destination` names who answered, as a person reading the dead letter knows it.
 */
export function refusalOf(response: Response, destination: string, now: Date): Error {
  const message = `${destination} answered ${response.status}`
  if (refusedForGood.has(response.status)) return new DeliveryRefused(message, { permanent: true })
  const seconds = retryAfterSeconds(response.headers.get('retry-after'), now)
  if ((response.status === 429 || response.status === 503) && seconds !== undefined) {
    return new DeliveryRefused(message, { retryAfterSeconds: seconds })
  }
  return new Error(message)
}
