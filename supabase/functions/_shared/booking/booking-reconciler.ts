import { type BookingProvider, bookingProviders } from '#core/next-step.ts'
import type { BookingStore, NoticeChannels } from './booking-store.ts'
import type { SchedulerApiSettings } from './scheduler-api.ts'
import { schedulers } from './schedulers.ts'

/** What the reconciliation uses. */
export interface BookingReconcilerDependencies {
  bookings: BookingStore
  /** Each scheduler's API (`FunctionConfig.schedulerApis`); `null` is not read. */
  apis: Record<BookingProvider, SchedulerApiSettings | null>
  /** The channels sales are told on: a change's notifications are made for these. */
  channels: NoticeChannels
  now: () => Date
  /** MEETING_OUTCOME_GRACE_HOURS: how long after its end an unmarked meeting counts as met. */
  graceHours: number
  log: (message: string, error?: unknown) => void
  fetch?: typeof globalThis.fetch
}

/** What one run of the reconciliation came to. */
export interface ReconcileSummary {
  /** Bookings made through our pages that the APIs reported, changed or not. */
  read: number
  /** Changes sales are to hear of, left pending for the same run's retries to send. */
  notices: number
  /** Schedulers that could not be read to the end: read again, from the same cursor, next run. */
  failed: BookingProvider[]
}

/**
 * Each read starts this long before the last one did: a booking changed while the last read ran,
 * or stamped by a clock a little behind ours, is read again rather than missed. Applying it
 * twice changes nothing.
 */
export const reconcileOverlapMs = 10 * 60_000
/** How far back the first read looks: as long as an unclaimed booking is kept. */
export const firstLookBackMs = 30 * 24 * 60 * 60_000

/**
 * Reads each configured scheduler's bookings made or changed since its last read and applies
 * them through the webhooks' own path (`BookingStore.apply`), so a booking whose webhook was lost
 * or refused is on its lead after one run. Never rejects: a scheduler that fails is logged and
 * its cursor stays, so the next run reads the same span again.
 */
export function createBookingReconciler(deps: BookingReconcilerDependencies) {
  const fetch = deps.fetch ?? globalThis.fetch

  async function reconcileOne(provider: BookingProvider, api: SchedulerApiSettings) {
    const startedAt = deps.now()
    const last = await deps.bookings.lastLook(provider)
    const from = (last?.getTime() ?? startedAt.getTime() - firstLookBackMs) - reconcileOverlapMs
    const events = await schedulers[provider].api.changedSince(
      api,
      new Date(from),
      fetch,
      startedAt,
    )
    // Oldest first, as the webhooks would have come.
    events.sort((a, b) => a.occurredAt.localeCompare(b.occurredAt))
    let notices = 0
    for (const event of events) {
      const applied = await deps.bookings.apply(event, deps.channels, deps.now())
      if (applied.notice !== null) notices++
      if (applied.leadId !== null && (event.endTime || event.attendance)) {
        // The API's marks as they are now: said at the read's start, so a webhook said later wins.
        const { provider, bookingId, endTime, attendance } = event
        const occurredAt = startedAt.toISOString()
        const said = { provider, bookingId, occurredAt, endTime, ...attendance }
        await deps.bookings.attend(said, deps.now(), deps.graceHours)
      }
    }
    await deps.bookings.looked(provider, startedAt, deps.now())
    return { read: events.length, notices }
  }

  return async function reconcile(): Promise<ReconcileSummary> {
    const summary: ReconcileSummary = { read: 0, notices: 0, failed: [] }
    for (const provider of bookingProviders) {
      const api = deps.apis[provider]
      if (api === null) continue
      try {
        const { read, notices } = await reconcileOne(provider, api)
        summary.read += read
        summary.notices += notices
      } catch (error) {
        summary.failed.push(provider)
        deps.log(
          `Reading ${schedulers[provider].name}'s bookings failed; the next run reads them again`,
          error,
        )
      }
    }
    return summary
  }
}

/** Runs the reconciliation. */
export type Reconcile = ReturnType<typeof createBookingReconciler>
