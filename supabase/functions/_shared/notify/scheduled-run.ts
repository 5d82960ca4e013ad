import type { Reconcile, ReconcileSummary } from '../booking/booking-reconciler.ts'
import type { NotificationDispatcher } from './notification-dispatcher.ts'

/** What one run of the scheduled job did. */
export interface ScheduledRun {
  /** What was read back from the schedulers; absent where no scheduler's API is set. */
  bookings?: ReconcileSummary
  /** Notifications sent, and those that failed and stay due. */
  sent: number
  failed: number
}

/**
 * One run of the scheduled job, however it is started: the retry endpoint pg_cron calls, the
 * loop of `npm start`, or `npm run notify:retry`. The schedulers' bookings are read back first,
 * so what they tell sales goes out in the same run's sending. Rejects only if the notification
 * store does: reading back never rejects.
 */
export async function runScheduledJob(
  dispatcher: NotificationDispatcher,
  reconcile: Reconcile | null | undefined,
): Promise<ScheduledRun> {
  const bookings = reconcile ? await reconcile() : undefined
  const { sent, failed } =
    dispatcher.channels.length > 0 ? await dispatcher.retryDue() : { sent: 0, failed: 0 }
  return bookings ? { bookings, sent, failed } : { sent, failed }
}
