import type { CompanySize } from '../../../src/demo-request-schema.ts'

// Where sales stand on a lead: not yet told, told, telling failed, or never to be told (spam).
type NotificationStatus = 'pending' | 'sent' | 'failed' | 'skipped'

/** A lead as the function writes it. */
export interface NewDemoRequest {
  firstName: string
  lastName: string
  companyName: string
  companySize: CompanySize
  source: string | null
  pageUrl: string | null
  referrer: string | null
  userAgent: string | null
  idempotencyKey: string | null
  isSpam: boolean
}

/** A lead as stored, with its notification state. */
export interface StoredDemoRequest extends NewDemoRequest {
  id: string
  createdAt: Date
  notificationStatus: NotificationStatus
  notificationAttempts: number
  notificationError: string | null
  notifiedAt: Date | null
}

/** The outcome of an insert: `created` is false when the idempotency key was already stored. */
export interface InsertResult {
  id: string
  created: boolean
}

/** The leads themselves; their notification state is the NotificationStore's. */
export interface DemoRequestStore {
  /** Stores a lead once per idempotency key; a repeated key returns the first row's id. */
  insert(request: NewDemoRequest): Promise<InsertResult>
  /** The id stored under an idempotency key, if any. */
  findIdByIdempotencyKey(key: string): Promise<string | null>
  /** Counts one more hit for a client in the window starting at `windowStart`; returns the total. */
  countHit(clientKey: string, windowStart: Date): Promise<number>
  /** Stored leads, newest first. */
  list(limit: number): Promise<StoredDemoRequest[]>
}
