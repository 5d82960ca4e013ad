import { DeliveryRefused } from './delivery-refused.ts'

/** How often a failed delivery is tried again, and when it is given up. */
export interface DeliverySchedule {
  /** Tries a delivery gets before it is dead-lettered (NOTIFY_MAX_ATTEMPTS). */
  maxAttempts: number
}

export const defaultMaxAttempts = 16

// The first failure is tried again by the next run of the job: most are a blip. After that the
// wait doubles from 15 s up to an hour, so 16 tries span about ten hours: a destination down
// overnight still gets every lead, and one refusing for good is not asked every minute.
const firstWaitSeconds = 15
const longestWaitSeconds = 3600

/** Seconds to wait after the `tries`th failed try (from 1) before the next. */
export function backoffSeconds(tries: number): number {
  if (tries <= 1) return 0
  return Math.min(firstWaitSeconds * 2 ** (tries - 2), longestWaitSeconds)
}

/** What a failed try comes to: when to try again, and whether to try again at all. */
export function failedTry(
  error: unknown,
  tries: number,
  now: Date,
  { maxAttempts }: DeliverySchedule,
): { status: 'failed'; error: string; retryAt: Date; dead: boolean } {
  const asked = error instanceof DeliveryRefused ? (error.options.retryAfterSeconds ?? 0) : 0
  const permanent = error instanceof DeliveryRefused && error.options.permanent === true
  const wait = Math.max(backoffSeconds(tries), asked)
  return {
    status: 'failed',
    error: error instanceof Error ? error.message : String(error),
    retryAt: new Date(now.getTime() + wait * 1000),
    dead: permanent || tries >= maxAttempts,
  }
}
