import {
  type LeadFieldName,
  leadField,
  leadFieldNames,
  type leadFields,
} from '#core/lead-fields.ts'
import { toDate } from '../db/sql-role.ts'
import type { LeadValues, NewDemoRequest, StoredDemoRequest } from './lead-store.ts'

type Columns = { [Name in LeadFieldName]: (typeof leadFields)[Name]['column'] }

/** A lead's row as the database returns it: a column per catalogue field, and the bookkeeping. */
export type LeadRow = { [Name in LeadFieldName as Columns[Name]]: LeadValues[Name] } & {
  id: string
  idempotency_key: string | null
  is_spam: boolean
  notification_status: StoredDemoRequest['notificationStatus']
  notification_attempts: number
  notification_error: string | null
  notified_at: Date | string | null
  held_until: Date | string | null
  route_rule: number | null
  booking_state: StoredDemoRequest['bookingState']
  booking_start: Date | string | null
  booking_time_zone: string | null
  booking_provider: StoredDemoRequest['bookingProvider']
  booking_id: string | null
  created_at: Date | string
  owner_id: string | null
  /** The owner's email, read from the staff beside the lead (leadColumns). */
  owner_email: string | null
}

const columnNames = [
  'id',
  ...leadFieldNames.map((name) => leadField(name).column),
  'idempotency_key',
  'is_spam',
  'notification_status',
  'notification_attempts',
  'notification_error',
  'notified_at',
  'held_until',
  'route_rule',
  'booking_state',
  'booking_start',
  'booking_time_zone',
  'booking_provider',
  'booking_id',
  'created_at',
  'owner_id',
]

/**
 * The columns a stored lead is read from, qualified by a table alias when one is given, and its
 * owner's email from the staff: the notifications name the owner (LeadNotice.owner).
 */
export const leadColumns = (alias?: string) =>
  [
    ...columnNames.map((name) => (alias ? `${alias}.${name}` : name)),
    `(select o.email from public.console_staff o where o.user_id = ${alias ?? 'demo_requests'}.owner_id) as owner_email`,
  ].join(', ')

const column = (name: LeadFieldName) => leadField(name).column as keyof LeadRow

/**
 * The lead as `accept_demo_request` takes it: one JSON object keyed by column, which the
 * function reads with `jsonb_populate_record`, so a new column needs no new argument.
 */
export function leadArgument(lead: NewDemoRequest): Record<string, unknown> {
  return {
    ...Object.fromEntries(leadFieldNames.map((name) => [column(name), lead[name]])),
    idempotency_key: lead.idempotencyKey,
    is_spam: lead.isSpam,
    route_rule: lead.routeRule ?? null,
    // Beside the columns, not one: accept_demo_request picks the owner (demo_request_pick_owner).
    ...(lead.ownerEmail ? { owner_email: lead.ownerEmail } : {}),
  }
}

/** A lead as the stores hand it on, from its row. */
export function leadFromRow(row: LeadRow): StoredDemoRequest {
  const values = Object.fromEntries(leadFieldNames.map((name) => [name, row[column(name)]]))
  return {
    ...(values as LeadValues),
    id: row.id,
    idempotencyKey: row.idempotency_key,
    isSpam: row.is_spam,
    notificationStatus: row.notification_status,
    notificationAttempts: Number(row.notification_attempts),
    notificationError: row.notification_error,
    notifiedAt: row.notified_at === null ? null : toDate(row.notified_at),
    heldUntil: row.held_until === null ? null : toDate(row.held_until),
    routeRule: row.route_rule === null ? null : Number(row.route_rule),
    bookingState: row.booking_state,
    bookingStart: row.booking_start === null ? null : toDate(row.booking_start),
    bookingTimeZone: row.booking_time_zone,
    bookingProvider: row.booking_provider,
    bookingId: row.booking_id,
    createdAt: toDate(row.created_at),
    ownerId: row.owner_id,
    owner: row.owner_email === null ? null : { email: row.owner_email, name: null },
  }
}
