import type { FunctionStores } from './configured-handler.ts'

/** The stores of a function started without a database: every call fails, so requests get 503. */
export function createUnavailableStores(): FunctionStores {
  const fail = () => Promise.reject(new Error('No database is configured'))
  return {
    leads: { accept: fail, list: fail, count: fail },
    bookings: { apply: fail, attend: fail, settle: fail, lastLook: fail, looked: fail },
    funnel: { countBatch: fail, counts: fail, report: fail, prune: fail },
    audit: { prune: fail },
    reports: { claimDue: fail, read: fail, record: fail, unsubscribe: fail },
    quiet: { claimDue: fail, record: fail },
    abuse: { clientKeySecret: fail, spendProof: fail, windowTotal: fail, prune: fail },
    notifications: {
      claimDue: fail,
      recordOutcomes: fail,
      claimDueDigests: fail,
      recordDigestOutcome: fail,
      claimDueBookings: fail,
      recordBookingOutcome: fail,
      claimDueNoBookings: fail,
      recordNoBookingOutcome: fail,
      claimDueStatuses: fail,
      recordStatusOutcome: fail,
      prune: fail,
    },
  }
}
