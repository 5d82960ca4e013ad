import { type BookingProvider, bookingProviders } from '#core/next-step.ts'
import { cal } from './providers/cal.ts'
import { calendly } from './providers/calendly.ts'
import type { Scheduler } from './scheduler.ts'

/**
 * Every scheduler the function speaks to, keyed by `bookingProviders` (src/core/next-step.ts):
 * the one place a provider joins. Routes, webhook paths, secrets and sales' wording read this.
 */
export const schedulers: Record<BookingProvider, Scheduler> = { cal, calendly }

function hostMatches(host: string, pattern: string): boolean {
  if (!pattern.startsWith('*.')) return host === pattern
  const [label, ...rest] = host.split('.')
  return Boolean(label) && rest.join('.') === pattern.slice(2)
}

/** The provider whose own booking pages are on `host`, or undefined for any other host. */
export function schedulerOfHost(host: string): BookingProvider | undefined {
  const name = host.toLowerCase()
  return bookingProviders.find((provider) =>
    schedulers[provider].hosts.some((pattern) => hostMatches(name, pattern)),
  )
}

/** Where a provider's webhook posts, under the function's own path: `/booking/cal`. */
export const bookingWebhookPath = (provider: BookingProvider) => `/booking/${provider}`
