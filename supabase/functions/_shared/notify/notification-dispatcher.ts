import type { BookingNoticeKey } from '../booking/booking-event.ts'
import {
  bookingClaimKey,
  type ClaimedBooking,
  type ClaimedDigest,
  type ClaimedNotification,
  claimKey,
  digestClaimKey,
  type NotificationOutcome,
  type NotificationStore,
} from './notification-store.ts'
import type { NotificationChannel, Notifier } from './notifier.ts'

/** What a dispatcher needs. */
export interface NotificationDispatcherOptions {
  store: NotificationStore
  /** At most one per channel; none leaves every lead pending. */
  notifiers: readonly Notifier[]
  /** After this long a hanging notifier is abandoned and the attempt counts as failed. */
  timeoutMs: number
  log?: (message: string, error?: unknown) => void
  /** Channels sent at once by {@link NotificationDispatcher.retryDue}; 4 by default. */
  concurrency?: number
  /** Attempts one {@link NotificationDispatcher.retryDue} makes at most; 100 by default. */
  limit?: number
  /** The one clock leases, digests' windows and outcomes are read from. */
  now?: () => Date
}

/** How many channels went out and how many failed. */
interface DispatchCounts {
  sent: number
  failed: number
}

/** Sends notifications that are due, each channel of each lead by one worker at a time. */
export interface NotificationDispatcher {
  /** The channels it sends on, in order. */
  channels: readonly Notifier['channel'][]
  /** Claims and sends this lead's due channels. Never throws: what fails stays due. */
  dispatch(leadId: string): Promise<DispatchCounts>
  /** Claims and sends the channels of one booking change. Never throws: what fails stays due. */
  dispatchBooking(key: BookingNoticeKey): Promise<DispatchCounts>
  /**
   * Claims and sends every due channel of every lead, every due digest of held leads and every
   * due booking change,
   * taking turns, each at most once per run. Throws only when the store does.
   */
  retryDue(): Promise<DispatchCounts>
}

// Small batches of one kind, each claimed just before it is sent, so no lease runs out while
// waiting; a claim is tried at most once a run, and a kind with nothing due is not asked again.
function batches<Claim>(
  claim: (room: number, skip: string[]) => Promise<Claim[]>,
  key: (claim: Claim) => string,
  send: (claim: Claim) => Promise<boolean>,
): (room: number) => Promise<boolean[]> {
  const tried: string[] = []
  let done = false
  return async (room) => {
    if (done) return []
    const claims = await claim(room, tried)
    done = claims.length === 0
    tried.push(...claims.map(key))
    return Promise.all(claims.map(send))
  }
}

/**
 * A dispatcher over `store`. Every attempt is claimed first, so concurrent workers (the
 * function after its reply, the scheduled retry, the command) never send the same channel of
 * a lead at once; a worker that dies mid-send leaves a lease that runs out, and the next
 * attempt repeats the same request with the same idempotency key, which the receiver drops.
 */
export function createNotificationDispatcher(
  options: NotificationDispatcherOptions,
): NotificationDispatcher {
  const { store, timeoutMs } = options
  const log = options.log ?? console.error
  const byChannel = new Map(options.notifiers.map((notifier) => [notifier.channel, notifier]))
  if (byChannel.size !== options.notifiers.length) throw new Error('One notifier per channel')
  const channels = [...byChannel.keys()]
  // The claim must outlast the attempt, or a second worker could send while the first still is.
  const leaseSeconds = Math.ceil(timeoutMs / 1000) + 30
  const concurrency = options.concurrency ?? 4
  const limit = options.limit ?? 100
  const now = options.now ?? (() => new Date())

  async function send(
    channel: NotificationChannel,
    what: string,
    call: (notifier: Notifier, signal: AbortSignal) => Promise<void>,
  ): Promise<NotificationOutcome> {
    const notifier = byChannel.get(channel)
    if (notifier === undefined) return { status: 'failed', error: 'No notifier for the channel' }
    const controller = new AbortController()
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort()
        reject(new Error(`No answer within ${timeoutMs} ms`))
      }, timeoutMs)
    })
    try {
      // The race also covers a notifier that ignores the abort signal.
      await Promise.race([call(notifier, controller.signal), timeout])
      return { status: 'sent' }
    } catch (error) {
      log(`The ${channel} notification of ${what} failed`, error)
      return { status: 'failed', error: error instanceof Error ? error.message : String(error) }
    } finally {
      clearTimeout(timer)
    }
  }

  async function attempt(claim: ClaimedNotification): Promise<boolean> {
    const outcome = await send(claim.channel, `demo request ${claim.lead.id}`, (notifier, signal) =>
      notifier.notify(claim.lead, signal),
    )
    try {
      await store.recordOutcome(claim, outcome, channels, now())
    } catch (error) {
      // The claim runs out and the channel is tried again; its key keeps that harmless.
      log(`Could not record the ${claim.channel} notification of ${claim.lead.id}`, error)
    }
    return outcome.status === 'sent'
  }

  async function attemptDigest(claim: ClaimedDigest): Promise<boolean> {
    const window = claim.digest.heldUntil.toISOString()
    const outcome = await send(
      claim.channel,
      `the digest held until ${window}`,
      (notifier, signal) => notifier.notifyDigest(claim.digest, signal),
    )
    try {
      await store.recordDigestOutcome(claim, outcome, now())
    } catch (error) {
      log(`Could not record the ${claim.channel} digest held until ${window}`, error)
    }
    return outcome.status === 'sent'
  }

  async function attemptBooking(claim: ClaimedBooking): Promise<boolean> {
    const { booking } = claim
    const what = `the ${booking.notice} booking ${booking.provider} ${booking.bookingId}`
    const outcome = await send(claim.channel, what, (notifier, signal) =>
      notifier.notifyBooking(booking, signal),
    )
    try {
      await store.recordBookingOutcome(claim, outcome, now())
    } catch (error) {
      log(`Could not record the ${claim.channel} notification of ${what}`, error)
    }
    return outcome.status === 'sent'
  }

  const count = (results: boolean[]): DispatchCounts => {
    const sent = results.filter(Boolean).length
    return { sent, failed: results.length - sent }
  }

  return {
    channels,

    async dispatch(leadId) {
      if (channels.length === 0) return { sent: 0, failed: 0 }
      try {
        const claims = await store.claimDue({
          channels,
          leadId,
          limit: channels.length,
          leaseSeconds,
          now: now(),
        })
        return count(await Promise.all(claims.map(attempt)))
      } catch (error) {
        // The lead is stored and stays due; the scheduled retry sends it.
        log(`Could not dispatch the notifications of demo request ${leadId}`, error)
        return { sent: 0, failed: 0 }
      }
    },

    async dispatchBooking(key) {
      if (channels.length === 0) return { sent: 0, failed: 0 }
      try {
        const claims = await store.claimDueBookings({
          channels,
          key,
          limit: channels.length,
          leaseSeconds,
          now: now(),
        })
        return count(await Promise.all(claims.map(attemptBooking)))
      } catch (error) {
        log(`Could not dispatch the ${key.notice} booking ${key.provider} ${key.bookingId}`, error)
        return { sent: 0, failed: 0 }
      }
    },

    async retryDue() {
      // Leads, digests and bookings take turns, so no backlog delays another past this run.
      const kinds = [
        batches(
          (room, skip) => store.claimDue({ channels, limit: room, leaseSeconds, skip, now: now() }),
          claimKey,
          attempt,
        ),
        batches(
          (room, skip) =>
            store.claimDueDigests({ channels, limit: room, leaseSeconds, skip, now: now() }),
          digestClaimKey,
          attemptDigest,
        ),
        batches(
          (room, skip) =>
            store.claimDueBookings({ channels, limit: room, leaseSeconds, skip, now: now() }),
          bookingClaimKey,
          attemptBooking,
        ),
      ]
      const results: boolean[] = []
      let claimed = channels.length
      while (claimed > 0 && results.length < limit) {
        claimed = 0
        for (const next of kinds) {
          const room = Math.min(concurrency, limit - results.length)
          if (room === 0) break
          const outcomes = await next(room)
          claimed += outcomes.length
          results.push(...outcomes)
        }
      }
      return count(results)
    },
  }
}
