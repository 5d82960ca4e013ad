import { toDate } from '../db/sql-role.ts'
import type { StoredDemoRequest } from './lead-store.ts'

const columnNames = [
  'id',
  'first_name',
  'last_name',
  'company_name',
  'company_size',
  'email',
  'phone',
  'phone_e164',
  'role',
  'message',
  'source',
  'page_url',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'user_agent',
  'idempotency_key',
  'is_spam',
  'notification_status',
  'notification_attempts',
  'notification_error',
  'notified_at',
  'held_until',
  'created_at',
]

/** The columns a stored lead is read from, qualified by a table alias when one is given. */
export const leadColumns = (alias?: string) =>
  columnNames.map((name) => (alias ? `${alias}.${name}` : name)).join(', ')

/** A lead's row as the database returns it. */
export interface LeadRow {
  id: string
  first_name: string
  last_name: string
  company_name: string
  company_size: StoredDemoRequest['companySize']
  email: string | null
  phone: string | null
  phone_e164: string | null
  role: string | null
  message: string | null
  source: string | null
  page_url: string | null
  referrer: string | null
  utm_source: string | null
  utm_medium: string | null
  utm_campaign: string | null
  utm_term: string | null
  utm_content: string | null
  user_agent: string | null
  idempotency_key: string | null
  is_spam: boolean
  notification_status: StoredDemoRequest['notificationStatus']
  notification_attempts: number
  notification_error: string | null
  notified_at: Date | string | null
  held_until: Date | string | null
  created_at: Date | string
}

/** A lead as the stores hand it on, from its row. */
export function leadFromRow(row: LeadRow): StoredDemoRequest {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    companyName: row.company_name,
    companySize: row.company_size,
    email: row.email,
    phone: row.phone,
    phoneE164: row.phone_e164,
    role: row.role,
    message: row.message,
    source: row.source,
    pageUrl: row.page_url,
    referrer: row.referrer,
    utmSource: row.utm_source,
    utmMedium: row.utm_medium,
    utmCampaign: row.utm_campaign,
    utmTerm: row.utm_term,
    utmContent: row.utm_content,
    userAgent: row.user_agent,
    idempotencyKey: row.idempotency_key,
    isSpam: row.is_spam,
    notificationStatus: row.notification_status,
    notificationAttempts: Number(row.notification_attempts),
    notificationError: row.notification_error,
    notifiedAt: row.notified_at === null ? null : toDate(row.notified_at),
    heldUntil: row.held_until === null ? null : toDate(row.held_until),
    createdAt: toDate(row.created_at),
  }
}
