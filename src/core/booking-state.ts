/**
 * Where one booking stands, as its provider's webhooks report it; a lead carries the state of its
 * booking. A booking that needs the host's confirmation or a payment first is `requested` or
 * `awaiting_payment` (Cal.com's BOOKING_REQUESTED, BOOKING_PAYMENT_INITIATED) until it is
 * `booked` or `rejected`; a booked one may still be `cancelled`, or end `reschedule_requested`
 * when the host asks the invitee to pick a new time (Cal.com's "Request reschedule"). The
 * baseline migration's checks list the same values (baseline-lists.test.ts holds them together).
 */
export const bookingStates = [
  'requested',
  'awaiting_payment',
  'booked',
  'rejected',
  'cancelled',
  'reschedule_requested',
] as const
export type BookingState = (typeof bookingStates)[number]
