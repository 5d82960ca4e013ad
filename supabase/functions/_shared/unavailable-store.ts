import type { DemoRequestStore } from './demo-request-store.ts'

/** A store for a function started without a database: every call fails, so requests get 503. */
export function createUnavailableStore(): DemoRequestStore {
  const fail = () => Promise.reject(new Error('No database is configured'))
  return {
    accept: fail,
    insert: fail,
    clientKeySecret: fail,
    pruneRateLimits: fail,
    list: fail,
    count: fail,
  }
}
