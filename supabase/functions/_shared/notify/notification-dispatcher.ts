import type { BookingNoticeKey } from '../booking/booking-event.ts'
import { deliveryDeadline } from './delivery-deadline.ts'
import { DeliveryRefused } from './delivery-refused.ts'
import { defaultMaxAttempts, failedTry } from './delivery-schedule.ts'
import {
  bookingClaimKey,
  type ClaimedBooking,
  type ClaimedDigest,
  type ClaimedNoBooking,
  type ClaimedNotification,
  type ClaimedStatus,
  claimKey,
  digestClaimKey,
  type NotificationOutcome,
  type NotificationStore,
  noBookingClaimKey,
  statusClaimKey,
} from './notification-store.ts'
import type { NotificationChannel, Notifier } from './notifier.ts'
import { type SendTraffic, waitLeft, whenPaused } from './send-traffic.ts'

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
  /** New leads {@link NotificationDispatcher.dispatch} sends at once; 2 by default. */
  dispatchConcurrency?: number
  /** Attempts one {@link NotificationDispatcher.retryDue} makes at most; 500 by default. */
  limit?: number
  /**
   * How long one {@link NotificationDispatcher.retryDue} starts new attempts for; 60 s by
   * default, so a run, its last attempts' timeouts included, ends well within the 150 s an Edge
   * Function may run on Supabase's smallest plan.
   */
  runBudgetMs?: number
  /** Tries a delivery gets before it is dead-lettered; 16 by default. */
  maxAttempts?: number
  /**
   * The "sent but not booked" nudge: after `delaySeconds`, for leads routed by one of
   * `bookingRules`, on the channels whose notifier has `notifyNoBooking`. None without it.
   */
  noBooking?: { bookingRules: readonly number[]; delaySeconds: number }
  /** The one clock leases, digests' windows, waits and outcomes are read from. */
  now?: () => Date
  /**
   * The sends new leads' deliveries and the scheduled run give way to (send-traffic.ts): in a
   * burst each waits for it to pass, `maxWaitMs` at most. Without it nothing waits.
   */
  giveWay?: { traffic: SendTraffic; maxWaitMs: number }
}

/** One claimed channel of a lead and how its attempt went. */
interface LeadResult {
  claim: ClaimedNotification
  outcome: NotificationOutcome
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
   * Claims and sends every due channel of every lead, every due digest of held leads, every due
   * booking change, status change and nudge, taking turns, each at most once per run. Throws
   * only when the store does.
   */
  retryDue(): Promise<DispatchCounts>
}

// Small batches of one kind, each claimed just before it is sent, so no lease runs out while
// waiting; a claim is tried at most once a run, and a kind with nothing due is not asked again.
function batches<Claim>(
  claim: (room: number, skip: string[]) => Promise<Claim[]>,
  key: (claim: Claim) => string,
  send: (claims: Claim[]) => Promise<boolean[]>,
  /** How many one batch claims, in place of the run's concurrency: a batch API's size. */
  width?: number,
): { width?: number; next: (room: number) => Promise<boolean[]> } {
  const tried: string[] = []
  let done = false
  return {
    width,
    next: async (room) => {
      if (done) return []
      const claims = await claim(room, tried)
      done = claims.length === 0
      tried.push(...claims.map(key))
      return claims.length === 0 ? [] : send(claims)
    },
  }
}

/**
 * At most `size` holders at once; the others wait, first come first served. Giving way, the
 * next waiter gets a turn only while the sends are no burst or once its longest wait is over,
 * so a burst that resumes holds back every turn after it. Only the first waiter is looked at,
 * woken by the last answer of a burst or by one timer, however many wait behind it.
 */
function turns(size: number, giveWay?: NotificationDispatcherOptions['giveWay']) {
  let free = size
  const waiting: { deadline: number; start: () => void }[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  const pump = () => {
    clearTimeout(timer)
    timer = undefined
    while (free > 0 && waiting.length > 0) {
      const first = waiting[0] as (typeof waiting)[number]
      const wait = giveWay ? waitLeft(giveWay.traffic, first.deadline) : 0
      if (wait > 0) {
        // The last answer of a burst calls pump too (onIdle below).
        timer = setTimeout(pump, wait)
        return
      }
      waiting.shift()
      free--
      first.start()
    }
  }
  giveWay?.traffic.onIdle(pump)
  return {
    take: (): Promise<void> =>
      new Promise((start) => {
        waiting.push({ deadline: Date.now() + (giveWay?.maxWaitMs ?? 0), start })
        pump()
      }),
    give: () => {
      free++
      pump()
    },
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
  const nudgeChannels = options.notifiers
    .filter((notifier) => notifier.notifyNoBooking !== undefined)
    .map((notifier) => notifier.channel)
  const statusChannels = options.notifiers
    .filter((notifier) => notifier.notifyStatus !== undefined)
    .map((notifier) => notifier.channel)
  // The claim must outlast the attempt, or a second worker could send while the first still is.
  const leaseSeconds = Math.ceil(timeoutMs / 1000) + 30
  const concurrency = options.concurrency ?? 4
  const limit = options.limit ?? 500
  const runBudgetMs = options.runBudgetMs ?? 60_000
  const schedule = { maxAttempts: options.maxAttempts ?? defaultMaxAttempts }
  const now = options.now ?? (() => new Date())
  // A destination's limit reply holds back its whole channel, not the one row: until then this
  // worker claims none of its rows, so a backlog does not spend its tries against the limit.
  const pausedUntil = new Map<NotificationChannel, number>()
  const open = (wanted: readonly NotificationChannel[]) =>
    wanted.filter((channel) => (pausedUntil.get(channel) ?? 0) <= now().getTime())

  // The call, abandoned (and aborted) after timeoutMs; the race also covers a notifier that
  // ignores the abort signal.
  async function withTimeout<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const { signal, clear } = deliveryDeadline(timeoutMs)
    const timeout = new Promise<never>((_, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason), { once: true })
    })
    try {
      return await Promise.race([call(signal), timeout])
    } finally {
      clear()
    }
  }

  // A failed try's outcome; a limit reply pauses the whole channel too.
  function failed(channel: NotificationChannel, tries: number, error: unknown) {
    const seconds = error instanceof DeliveryRefused ? error.options.retryAfterSeconds : undefined
    if (seconds !== undefined) {
      const until = now().getTime() + seconds * 1000
      pausedUntil.set(channel, Math.max(pausedUntil.get(channel) ?? 0, until))
    }
    return failedTry(error, tries, now(), schedule)
  }

  async function send(
    { channel, tries }: { channel: NotificationChannel; tries: number },
    what: string,
    call: (notifier: Notifier, signal: AbortSignal) => Promise<void> | undefined,
  ): Promise<NotificationOutcome> {
    const notifier = byChannel.get(channel)
    try {
      if (notifier === undefined) throw new Error('No notifier for the channel')
      await withTimeout(async (signal) => call(notifier, signal))
      return { status: 'sent' }
    } catch (error) {
      log(`The ${channel} notification of ${what} failed`, error)
      return failed(channel, tries, error)
    }
  }

  // One request for many leads of a batch channel: each lead its own outcome, so one refused
  // lead is retried alone, on its own backoff; a refusal of the whole batch fails every lead in
  // it, and a limit reply pauses the channel as a single lead's does.
  async function sendBatch(
    channel: NotificationChannel,
    claims: readonly ClaimedNotification[],
  ): Promise<LeadResult[]> {
    const batch = byChannel.get(channel)?.batch
    const leads = claims.map((claim) => claim.lead)
    try {
      if (batch === undefined) throw new Error('No batch notifier for the channel')
      const errors = await withTimeout((signal) => batch.notify(leads, signal))
      return claims.map((claim, index) => {
        const error = errors[index]
        if (error === undefined) return { claim, outcome: { status: 'sent' } }
        log(`The ${channel} notification of demo request ${claim.lead.id} failed`, error)
        return { claim, outcome: failed(channel, claim.tries, error) }
      })
    } catch (error) {
      log(`The ${channel} notification of ${claims.length} demo requests failed`, error)
      return claims.map((claim) => ({ claim, outcome: failed(channel, claim.tries, error) }))
    }
  }

  // Sends one claimed delivery and records its outcome; a record that fails leaves the claim to
  // run out and the delivery to be tried again, which its key at the destination makes harmless.
  const attempter =
    <Claim extends { channel: NotificationChannel; tries: number }>(
      what: (claim: Claim) => string,
      call: (claim: Claim, notifier: Notifier, signal: AbortSignal) => Promise<void> | undefined,
      record: (claim: Claim, outcome: NotificationOutcome, at: Date) => Promise<void>,
    ) =>
    async (claim: Claim): Promise<boolean> => {
      const outcome = await send(claim, what(claim), (notifier, signal) =>
        call(claim, notifier, signal),
      )
      try {
        await record(claim, outcome, now())
      } catch (error) {
        log(`Could not record the ${claim.channel} notification of ${what(claim)}`, error)
      }
      return outcome.status === 'sent'
    }

  // Records outcomes of leads' channels in one transaction, which takes each lead's lock once,
  // where one a channel kept a connection each waiting for it (under load, the pool the sends
  // need too). One that fails leaves the claims to run out and the channels to be tried again;
  // their keys keep that harmless.
  async function recordLeads(results: readonly LeadResult[]) {
    try {
      await store.recordOutcomes(results, channels, now())
    } catch (error) {
      const leads = [...new Set(results.map(({ claim }) => claim.lead.id))].join(', ')
      log(`Could not record the notifications of demo requests ${leads}`, error)
    }
    return results.map(({ outcome }) => outcome.status === 'sent')
  }

  // Sends claims one lead a request, each channel at once, recording nothing yet.
  const sendEach = (claims: ClaimedNotification[]) =>
    Promise.all(
      claims.map(async (claim) => ({
        claim,
        outcome: await send(claim, `demo request ${claim.lead.id}`, (notifier, signal) =>
          notifier.notify(claim.lead, signal),
        ),
      })),
    )

  // A lead's channels are sent at once and recorded together.
  const attemptLeads = async (claims: ClaimedNotification[]) => recordLeads(await sendEach(claims))

  // A batch channel's claims sent in one request and recorded in one transaction.
  const attemptBatch = async (channel: NotificationChannel, claims: ClaimedNotification[]) =>
    recordLeads(await sendBatch(channel, claims))

  // The batch channels' claims of new leads, from every dispatch at once: while one batch is on
  // its way, those that come wait and go together as the next, so a burst of leads takes a
  // request a batch rather than one a lead, and a lone lead goes at once.
  function batchQueue(channel: NotificationChannel, size: number) {
    const waiting: { claim: ClaimedNotification; done: (result: LeadResult) => void }[] = []
    let sending = false
    async function drain() {
      while (waiting.length > 0) {
        const taken = waiting.splice(0, size)
        const results = await sendBatch(
          channel,
          taken.map((entry) => entry.claim),
        )
        for (const [index, entry] of taken.entries()) {
          const result = results[index]
          if (result) entry.done(result)
        }
      }
      sending = false
    }
    return (claim: ClaimedNotification) =>
      new Promise<LeadResult>((done) => {
        waiting.push({ claim, done })
        if (sending) return
        sending = true
        // The claims of sends made in the same turn of the event loop join this batch.
        setTimeout(() => void drain(), 0)
      })
  }
  const batchQueues = new Map(
    options.notifiers.flatMap((notifier) =>
      notifier.batch ? [[notifier.channel, batchQueue(notifier.channel, notifier.batch.size)]] : [],
    ),
  )
  // The channels sent one lead at a time (email, webhook, chat: one message a lead is the point).
  const singleChannels = channels.filter((channel) => !batchQueues.has(channel))

  const attemptDigest = attempter<ClaimedDigest>(
    (claim) => `the digest held until ${claim.digest.heldUntil.toISOString()}`,
    (claim, notifier, signal) => notifier.notifyDigest(claim.digest, signal),
    (claim, outcome, at) => store.recordDigestOutcome(claim, outcome, at),
  )
  const attemptBooking = attempter<ClaimedBooking>(
    ({ booking }) => `the ${booking.notice} booking ${booking.provider} ${booking.bookingId}`,
    (claim, notifier, signal) => notifier.notifyBooking(claim.booking, signal),
    (claim, outcome, at) => store.recordBookingOutcome(claim, outcome, at),
  )
  const attemptNoBooking = attempter<ClaimedNoBooking>(
    (claim) => `the missing booking of demo request ${claim.lead.id}`,
    (claim, notifier, signal) => notifier.notifyNoBooking?.(claim.lead, signal),
    (claim, outcome, at) => store.recordNoBookingOutcome(claim, outcome, at),
  )

  const attemptStatus = attempter<ClaimedStatus>(
    ({ change }) =>
      `the ${[
        change.status === null ? '' : `status ${change.status}`,
        change.meetingOutcome === undefined
          ? ''
          : `meeting outcome ${change.meetingOutcome ?? 'none'}`,
      ]
        .filter(Boolean)
        .join(' and ')} of demo request ${change.lead.id}`,
    (claim, notifier, signal) => notifier.notifyStatus?.(claim.change, signal),
    (claim, outcome, at) => store.recordStatusOutcome(claim, outcome, at),
  )

  const count = (results: boolean[]): DispatchCounts => {
    const sent = results.filter(Boolean).length
    return { sent, failed: results.length - sent }
  }

  // New leads are sent a few at a time, the rest waiting their turn in order, and giving way to
  // a burst of sends: the process's CPU goes to the sends' replies, which never wait for this,
  // rather than to six deliveries for every lead at once. Each lead is in the database already,
  // so a turn lost with the process is taken by the scheduled job.
  const leadTurns = turns(options.dispatchConcurrency ?? 2, options.giveWay)

  const { noBooking } = options
  const kinds = () => [
    batches(
      (room, skip) =>
        store.claimDue({
          channels: open(singleChannels),
          limit: room,
          leaseSeconds,
          skip,
          now: now(),
        }),
      claimKey,
      attemptLeads,
    ),
    ...options.notifiers.flatMap(({ channel, batch }) =>
      batch === undefined
        ? []
        : [
            batches(
              (room, skip) =>
                store.claimDue({
                  channels: open([channel]),
                  limit: room,
                  leaseSeconds,
                  skip,
                  now: now(),
                }),
              claimKey,
              (claims) => attemptBatch(channel, claims),
              batch.size,
            ),
          ],
    ),
    batches(
      (room, skip) =>
        store.claimDueDigests({
          channels: open(channels),
          limit: room,
          leaseSeconds,
          skip,
          now: now(),
        }),
      digestClaimKey,
      (claims) => Promise.all(claims.map(attemptDigest)),
    ),
    batches(
      (room, skip) =>
        store.claimDueBookings({
          channels: open(channels),
          limit: room,
          leaseSeconds,
          skip,
          now: now(),
        }),
      bookingClaimKey,
      (claims) => Promise.all(claims.map(attemptBooking)),
    ),
    batches(
      (room, skip) =>
        store.claimDueStatuses({
          channels: open(statusChannels),
          limit: room,
          leaseSeconds,
          skip,
          now: now(),
        }),
      statusClaimKey,
      (claims) => Promise.all(claims.map(attemptStatus)),
    ),
    ...(noBooking === undefined
      ? []
      : [
          batches(
            (room, skip) =>
              store.claimDueNoBookings({
                ...noBooking,
                channels: open(nudgeChannels),
                limit: room,
                leaseSeconds,
                skip,
                now: now(),
              }),
            noBookingClaimKey,
            (claims) => Promise.all(claims.map(attemptNoBooking)),
          ),
        ]),
  ]

  return {
    channels,

    async dispatch(leadId) {
      if (open(channels).length === 0) return { sent: 0, failed: 0 }
      await leadTurns.take()
      const ready = open(channels)
      let batched: Promise<LeadResult>[] = []
      let single: LeadResult[] = []
      try {
        const claims = await store.claimDue({
          channels: ready,
          leadId,
          limit: ready.length,
          leaseSeconds,
          now: now(),
        })
        // The batch channels' claims join their queues, and the turn is free for the next lead
        // while they wait: holding it would keep the queues to two leads.
        batched = claims.flatMap((claim) => {
          const queue = batchQueues.get(claim.channel)
          return queue ? [queue(claim)] : []
        })
        single = await sendEach(claims.filter((claim) => !batchQueues.has(claim.channel)))
        // Without a batch to wait for, recorded in the turn, so the turns bound the recorders.
        if (batched.length === 0) return count(await recordLeads(single))
      } catch (error) {
        // The lead is stored and stays due; the scheduled retry sends it.
        log(`Could not dispatch the notifications of demo request ${leadId}`, error)
      } finally {
        leadTurns.give()
      }
      // Every channel of the lead recorded in one transaction, as one lock and one summary.
      return count(await recordLeads([...single, ...(await Promise.all(batched))]))
    },

    async dispatchBooking(key) {
      const ready = open(channels)
      if (ready.length === 0) return { sent: 0, failed: 0 }
      try {
        const claims = await store.claimDueBookings({
          channels: ready,
          key,
          limit: ready.length,
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
      // A run in a burst of sends would claim the very leads whose deliveries give way to it.
      const { giveWay } = options
      if (giveWay) await whenPaused(giveWay.traffic, Date.now() + giveWay.maxWaitMs)
      // Leads, digests, bookings, statuses and nudges take turns, so no backlog delays another
      // past this run; past the run's budget no new batch starts, and what is left waits for the
      // next run.
      const turns = kinds()
      const deadline = Date.now() + runBudgetMs
      const results: boolean[] = []
      let claimed = channels.length
      while (claimed > 0 && results.length < limit && Date.now() < deadline) {
        claimed = 0
        for (const { width, next } of turns) {
          const room = Math.min(width ?? concurrency, limit - results.length)
          if (room === 0 || Date.now() >= deadline) break
          const outcomes = await next(room)
          claimed += outcomes.length
          results.push(...outcomes)
        }
      }
      return count(results)
    },
  }
}
