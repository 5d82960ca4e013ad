import type { Reconcile, ReconcileSummary } from '../booking/booking-reconciler.ts'
import type { ClaimedSendRun } from './claimed-sends.ts'
import type { NotificationDispatcher } from './notification-dispatcher.ts'

/** What one run of the scheduled job did. */
export interface ScheduledRun {
  /** What was read back from the schedulers; absent where no scheduler's API is set. */
  bookings?: ReconcileSummary
  /** Booked meetings the grace time made met in this run. */
  met?: number
  /** Notifications sent, and those that failed and stay due. */
  sent: number
  failed: number
  /** The emailed funnel reports; absent where they are off (no email API or CONSOLE_URL). */
  reports?: ClaimedSendRun
  /** The quiet page alarms and all-clears; absent where no email API or chat webhook is set. */
  quietPages?: ClaimedSendRun
}

/** The parts of a run besides the notifications, each absent where it is off. */
export interface ScheduledParts {
  /** The schedulers' bookings read back; null where no scheduler's API is set. */
  reconcile?: Reconcile | null
  /** Booked meetings past the grace time made met; answers how many. */
  settleMeetings?: () => Promise<number>
  sendQuietAlarms?: (() => Promise<ClaimedSendRun>) | null
  sendReports?: (() => Promise<ClaimedSendRun>) | null
}

/**
 * One run of the scheduled job, however it is started: the retry endpoint pg_cron calls, the
 * loop of `npm start`, or `npm run notify:retry`. The schedulers' bookings are read back first,
 * so what they tell sales goes out in the same run's sending; the quiet page alarms and the
 * emailed reports due go last. Rejects only if a store does: reading back never rejects, and
 * settling meetings is tried again next run.
 */
export async function runScheduledJob(
  dispatcher: NotificationDispatcher,
  { reconcile, settleMeetings, sendQuietAlarms, sendReports }: ScheduledParts = {},
): Promise<ScheduledRun> {
  const bookings = reconcile ? await reconcile() : undefined
  // After the read-back, so a no-show it finds is not first made met by the grace time.
  const met =
    settleMeetings &&
    (await settleMeetings().catch((error: unknown) => {
      console.error(
        'Settling the meetings the grace time made met failed; the next run tries again',
        error,
      )
      return undefined
    }))
  const { sent, failed } =
    dispatcher.channels.length > 0 ? await dispatcher.retryDue() : { sent: 0, failed: 0 }
  // After the leads' notifications; a page gone quiet a day ago before a report of last week.
  const quietPages = sendQuietAlarms ? await sendQuietAlarms() : undefined
  const reports = sendReports ? await sendReports() : undefined
  return {
    ...(bookings && { bookings }),
    ...(met ? { met } : {}),
    sent,
    failed,
    ...(quietPages && { quietPages }),
    ...(reports && { reports }),
  }
}
