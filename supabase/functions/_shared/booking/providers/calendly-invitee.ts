import { isRecord } from '#core/is-record.ts'
import type { BookingEvent, Json } from '../booking-event.ts'
import { text } from '../booking-event.ts'

/**
 * The change one Calendly invitee stands for, from the invitee resource itself: a webhook's
 * `payload` and an item of the API's `/invitees` are the same resource. Its lead is in
 * `tracking.utm_content` (where the prefilled page put it); a reschedule is a cancellation naming
 * the new invitee and a creation naming the old.
 */
export function calendlyInviteeEvent(
  invitee: Json,
  change: Pick<BookingEvent, 'bookingId' | 'startTime' | 'occurredAt' | 'hostEmail'> & {
    state: 'booked' | 'cancelled'
  },
): BookingEvent {
  const tracking = isRecord(invitee.tracking) ? invitee.tracking : {}
  const event: BookingEvent = {
    provider: 'calendly',
    bookingId: change.bookingId,
    requestId: text(tracking.utm_content),
    state: change.state,
    startTime: change.startTime,
    timeZone: text(invitee.timezone) ?? '',
    occurredAt: change.occurredAt,
  }
  const oldInvitee = text(invitee.old_invitee)
  const newInvitee = text(invitee.new_invitee)
  if (change.state === 'booked' && oldInvitee) event.replaces = oldInvitee
  if (change.state === 'cancelled' && invitee.rescheduled === true && newInvitee) {
    event.replacedBy = newInvitee
  }
  if (change.hostEmail) event.hostEmail = change.hostEmail
  return event
}

/**
 * The host of a Calendly scheduled event: its first event membership (the one host of a
 * one-on-one event, the one assigned of a round robin), as the webhook's `scheduled_event` and
 * the API's scheduled event both carry it.
 */
export function calendlyHostEmail(scheduledEvent: Json): string | undefined {
  const [member] = Array.isArray(scheduledEvent.event_memberships)
    ? scheduledEvent.event_memberships
    : []
  return isRecord(member) ? text(member.user_email) : undefined
}
