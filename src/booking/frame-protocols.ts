import type { BookingProvider } from '#core/next-step.ts'
import { calFrame } from './cal-frame.ts'
import { calendlyFrame } from './calendly-frame.ts'
import type { FrameProtocol } from './frame-protocol.ts'

/**
 * Each scheduler's frame protocol, by provider name: a provider added to `bookingProviders`
 * without one here is a type error.
 */
export const frameProtocols: Record<BookingProvider, FrameProtocol> = {
  cal: calFrame,
  calendly: calendlyFrame,
}
