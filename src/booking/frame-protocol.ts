/**
 * What the booking panel needs of a scheduler whose page it frames: the framed and linked
 * addresses, and what a message from the page means. One module per provider implements it
 * (cal-frame.ts, calendly-frame.ts); frame-protocols.ts collects them by provider name.
 */

/**
 * What a booking message says of the booking. Only `booked` is a booking the scheduler has
 * accepted with nothing left to pay; `requested` waits for the host to confirm it, `payment`
 * for the visitor to pay on the page.
 */
export type BookingOutcome = 'booked' | 'requested' | 'payment'

/** What a message from the framed page says. */
export type FrameSignal =
  | { kind: 'ready' }
  | { kind: 'height'; px: number }
  | { kind: 'booking'; outcome: BookingOutcome }
  | { kind: 'failed' }

export interface FrameProtocol {
  /**
   * The address to frame: `url` (the page as the function prefilled it) with what the provider's
   * own embed code adds. `host` is the host of the page the panel is on.
   */
  frameUrl(url: string, host: string): string
  /** The address the new-tab link opens: the same page as a visitor opens it on its own. */
  linkUrl(url: string): string
  /** What a message's data means, or undefined for anything else. */
  read(data: unknown): FrameSignal | undefined
  /** What the page waits for after it said `ready`, posted back to the origin that spoke. */
  readyReply?: unknown
  /** The page draws itself only once answered: the frame stays hidden until it is ready. */
  hiddenUntilReady: boolean
}

/** A height a page reported (a number, or CSS pixels as text), within what a page can show. */
export function pageHeight(value: unknown): number | undefined {
  const px =
    typeof value === 'number'
      ? value
      : typeof value === 'string'
        ? Number.parseFloat(value)
        : Number.NaN
  return Number.isFinite(px) && px > 0 ? Math.min(Math.ceil(px), 10_000) : undefined
}
