/**
 * What the form offers after a successful send, as the function's 200 reply gives it
 * (`next`): a booking page to show in place of the form, a booking page only linked, or a
 * message. The function decides from DEMO_REQUEST_ROUTES, so neither the rules nor the links
 * ship in the widget. Without `next` the form does what it always did. No imports: the
 * function uploads it under Deno.
 */

/** The schedulers whose booking pages the form shows in a frame, speaking their protocol. */
export const bookingProviders = ['cal', 'calendly'] as const
export type BookingProvider = (typeof bookingProviders)[number]

export type NextStep =
  /** The provider's booking page, already prefilled with the visitor's name, email and lead id. */
  | { kind: 'book'; provider: BookingProvider; url: string }
  /** A booking page of another scheduler: a link that opens it in a new tab. */
  | { kind: 'link'; url: string }
  | { kind: 'message'; text: string }

const isWebUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false
  try {
    return ['https:', 'http:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

/**
 * The next step a reply carries, or undefined for none or one this widget cannot show: an
 * older or newer function never breaks the form, it only leaves the panel out.
 */
export function readNextStep(value: unknown): NextStep | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const step = value as Record<string, unknown>
  if (step.kind === 'message' && typeof step.text === 'string' && step.text.trim() !== '') {
    return { kind: 'message', text: step.text }
  }
  if (!isWebUrl(step.url)) return undefined
  if (step.kind === 'link') return { kind: 'link', url: step.url }
  const provider = bookingProviders.find((name) => name === step.provider)
  if (step.kind === 'book' && provider) return { kind: 'book', provider, url: step.url }
  return undefined
}
