import type { DemoRequestStore } from './demo-request-store.ts'
import type { ProofStore } from './proof-store.ts'

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

/** The proof store of a function started without a database: every call fails, as above. */
export function createUnavailableProofStore(): ProofStore {
  const fail = () => Promise.reject(new Error('No database is configured'))
  return { spend: fail, windowTotal: fail }
}
