import type { NotificationDispatcher } from '../notify/notification-dispatcher.ts'
import type { NotificationChannel } from '../notify/notifier.ts'
import { runScheduledJob, type ScheduledParts, type ScheduledRun } from '../notify/scheduled-run.ts'

/**
 * The backend's jobs, wired once (createBackend) however they are started: the retry endpoint
 * pg_cron calls, the loop and the hourly pruning of `npm start`, a reply's pruning, and
 * `npm run notify:retry`.
 */
export interface BackendJobs {
  /** The channels notifications go out on; none where neither email nor webhook is set. */
  readonly channels: readonly NotificationChannel[]
  /** Whether a scheduler's API is set, so the scheduled job reads its bookings back. */
  readonly readsBack: boolean
  /** The scheduled job: the schedulers' bookings read back, then every notification due sent. */
  run(): Promise<ScheduledRun>
  /** Retention: what is kept only for a while deleted, the days just over compacted. */
  prune(): Promise<unknown>
}

/**
 * `job`, one run at a time: a start while a run is under way joins that run instead of starting a
 * second beside it. Two processes' runs are kept apart by the database itself: a notification is
 * claimed by a lease before it is sent, a booking notice by its key, and a compaction takes an
 * advisory lock first (docs/notifications.md, docs/analytics.md).
 */
function oneAtATime<T>(job: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null
  return () => {
    running ??= job().finally(() => {
      running = null
    })
    return running
  }
}

export function createBackendJobs(
  dispatcher: NotificationDispatcher,
  prune: () => Promise<unknown>,
  parts: ScheduledParts = {},
): BackendJobs {
  return {
    channels: dispatcher.channels,
    readsBack: Boolean(parts.reconcile),
    run: oneAtATime(() => runScheduledJob(dispatcher, parts)),
    prune: oneAtATime(prune),
  }
}
