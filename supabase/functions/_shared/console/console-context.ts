import type { BookingProvider } from '#core/next-step.ts'
import type { SchedulerApiSettings } from '../booking/scheduler-api.ts'
import type { SqlDatabase } from '../db/sql-database.ts'
import type { Staff } from './as-staff.ts'
import type { RunAsStaff } from './leads/lead-export.ts'
import type { AuthAdmin } from './people/auth-admin.ts'

/** What every route of the console is given. */
export interface ConsoleContext {
  request: Request
  url: URL
  /** The path's parts after the function's name: `['leads', '<id>', 'notes']`. */
  path: string[]
  /** Runs a transaction as the signed-in person, who is on the staff (else 401). */
  run: <T>(work: (tx: SqlDatabase, staff: Staff) => Promise<T>) => Promise<T>
  runPlain: RunAsStaff
  salesTimeZone: string
  /** ANALYTICS_SOURCE_CAMPAIGNS_MAX: the funnel folds the leads' campaigns as the counters did. */
  sourceCampaigns: number
  /** Null where the function has no service role key: inviting and removing are then off. */
  authAdmin: AuthAdmin | null
  /** Each scheduler's API where its key is set: a meeting's mark is written back to it. */
  schedulerApis: Record<BookingProvider, SchedulerApiSettings | null>
  fetch: typeof globalThis.fetch
  now: () => Date
  log: (message: string, error?: unknown) => void
}

/** A route's answer: a body for a 200 JSON reply, or a reply of its own. */
export type RouteAnswer = unknown
