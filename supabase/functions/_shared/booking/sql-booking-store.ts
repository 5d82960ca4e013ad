import type { MeetingOutcome } from '#core/console-api.ts'
import type { BookingProvider } from '#core/next-step.ts'
import type { SqlDatabase } from '../db/sql-database.ts'
import { type SqlStoreOptions, toDate, transactionsAs } from '../db/sql-role.ts'
import type { BookingNoticeKind } from './booking-event.ts'
import type { BookingStore } from './booking-store.ts'

interface ApplyRow {
  lead_id: string | null
  notice: BookingNoticeKind | null
  notice_provider: BookingProvider | null
  notice_booking: string | null
}

/**
 * The booking store in plain SQL: one call of `apply_demo_request_booking_with_host` (the
 * change, then its host as the lead's owner), which does the
 * whole job as its owner, outside any transaction of ours; the reconciliation's cursors under
 * `options`' role.
 */
export function createSqlBookingStore(
  db: SqlDatabase,
  options: SqlStoreOptions = {},
): BookingStore {
  const asRole = transactionsAs(db, options.role ?? '')
  return {
    async lastLook(provider) {
      const [row] = await asRole((tx) =>
        tx.query<{ looked_until: Date | string }>(
          'select looked_until from public.demo_request_booking_cursors where provider = $1',
          [provider],
        ),
      )
      return row ? toDate(row.looked_until) : null
    },
    async looked(provider, until, now) {
      // Never back: a slow run ending after a later one must not make the next read longer.
      await asRole((tx) =>
        tx.query(
          `insert into public.demo_request_booking_cursors as c (provider, looked_until, updated_at)
           values ($1, $2, $3)
           on conflict (provider) do update
           set looked_until = greatest(c.looked_until, excluded.looked_until),
             updated_at = excluded.updated_at`,
          [provider, until, now],
        ),
      )
    },
    async attend(event, now, graceHours) {
      const [row] = await db.query<{ lead_id: string | null; outcome: MeetingOutcome | null }>(
        `select lead_id, outcome from public.apply_demo_request_attendance(
           p_event => $1::jsonb, p_now => $2, p_grace_hours => $3)`,
        [JSON.stringify(event), now, graceHours],
      )
      return { leadId: row?.lead_id ?? null, outcome: row?.outcome ?? null }
    },
    async settle(now, graceHours) {
      const [row] = await db.query<{ n: number }>(
        'select public.demo_request_settle_meetings($1, $2) as n',
        [now, graceHours],
      )
      return Number(row?.n ?? 0)
    },
    async apply(event, channels, now) {
      const [row] = await db.query<ApplyRow>(
        `select lead_id, notice, notice_provider, notice_booking from public.apply_demo_request_booking_with_host(
           p_event => $1::jsonb, p_channels => $2::text[], p_now => $3)`,
        [JSON.stringify(event), [...channels], now],
      )
      const notice =
        row?.notice && row.notice_provider && row.notice_booking
          ? { provider: row.notice_provider, bookingId: row.notice_booking, notice: row.notice }
          : null
      return { leadId: row?.lead_id ?? null, notice }
    },
  }
}
