import type { StoredDemoRequest } from './demo-request-store.ts'

/** What sales are told about a lead. */
export type LeadNotice = Pick<
  StoredDemoRequest,
  | 'id'
  | 'firstName'
  | 'lastName'
  | 'companyName'
  | 'companySize'
  | 'source'
  | 'pageUrl'
  | 'referrer'
  | 'createdAt'
>

/** Tells the sales team about a new lead; rejects when the message was not accepted. */
export interface Notifier {
  notify(lead: LeadNotice, signal: AbortSignal): Promise<void>
}
