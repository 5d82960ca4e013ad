import type { NotificationStore } from './notification-store.ts'

/** The notification store of a function started without a database: every call fails. */
export function createUnavailableNotificationStore(): NotificationStore {
  const fail = () => Promise.reject(new Error('No database is configured'))
  return { claimDue: fail, recordOutcome: fail, claimDueDigests: fail, recordDigestOutcome: fail }
}
