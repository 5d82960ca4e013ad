import type { BookingNoticeKind } from '../../booking/booking-event.ts'
import { schedulers } from '../../booking/schedulers.ts'
import type { BookingNotice } from '../notifier.ts'
import { salesTime } from '../sales-time.ts'

const lines: Record<BookingNoticeKind, (when: string, through: string) => string> = {
  booked: (when, through) => `Demo booked for ${when} through ${through}`,
  cancelled: (when, through) => `Demo of ${when} cancelled through ${through}`,
  // The host's request: the lead may well book again, so never told as a cancellation.
  reschedule_requested: (when, through) =>
    `Host asked for a new time for the demo of ${when} (${through})`,
}

/** The booking's state in one line for a CRM record, the start in sales' time zone. */
export function bookingLine(booking: BookingNotice, timeZone: string): string {
  const when = salesTime(booking.startTime, timeZone)
  return lines[booking.notice](when, schedulers[booking.provider].name)
}
