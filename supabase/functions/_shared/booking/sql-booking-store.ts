import type { BookingProvider } from '../../../../src/booking/next-step.ts'
import type { SqlDatabase } from '../db/sql-database.ts'
import type { BookingNoticeKind } from './booking-event.ts'
import type { BookingStore } from './booking-store.ts'

interface ApplyRow {
  lead_id: string | null
  notice: BookingNoticeKind | null
  notice_provider: BookingProvider | null
  notice_booking: string | null
}

/**
 * The booking store in plain SQL: one call of `apply_demo_request_booking`, which does the
 * whole job as its owner, outside any transaction of ours.
 */
export function createSqlBookingStore(db: SqlDatabase): BookingStore {
  return {
    async apply(event, channels, now) {
      const [row] = await db.query<ApplyRow>(
        `select lead_id, notice, notice_provider, notice_booking from public.apply_demo_request_booking(
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
