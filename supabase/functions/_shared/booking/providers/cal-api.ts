import type { BookingState } from '#core/booking-state.ts'
import type { MeetingOutcome } from '#core/console-api.ts'
import { isRecord } from '#core/is-record.ts'
import { type BookingEvent, instant, type Json, text } from '../booking-event.ts'
import {
  attendanceLookBackMs,
  getApiJson,
  type SchedulerApi,
  type SchedulerApiSettings,
  sendApiJson,
} from '../scheduler-api.ts'

/** The version of `GET /v2/bookings` read here (its `cal-api-version` header). */
const calApiVersion = '2024-08-13'

// The API's largest page is 250; 100 keeps each reply small.
const pageSize = 100

// The `status` of API v2's booking output. A paid booking not yet paid is `pending` too: either
// way it waits, and waiting states are one step (booking-state.ts).
const states: Record<string, BookingState> = {
  pending: 'requested',
  accepted: 'booked',
  rejected: 'rejected',
  cancelled: 'cancelled',
}

/**
 * One booking of `GET /v2/bookings` as the change a webhook would report, or undefined for one
 * not made through our pages: it names no lead in `metadata.demoRequestId` (where the prefilled
 * page put it, and where it stays through confirmation and payment) and replaces no booking.
 * A host's "Request reschedule" reads as `cancelled` here: the API's output does not tell it
 * apart, only the webhook does.
 */
export function calApiBookingEvent(booking: Json): BookingEvent | undefined {
  const bookingId = text(booking.uid)
  const startTime = instant(booking.start)
  const occurredAt = instant(booking.updatedAt) ?? instant(booking.createdAt)
  const status = text(booking.status)
  if (!bookingId || !startTime || !occurredAt || !status || !Object.hasOwn(states, status)) {
    return undefined
  }
  const state = states[status] as BookingState
  const metadata = isRecord(booking.metadata) ? booking.metadata : {}
  const requestId = text(metadata.demoRequestId)
  const replaces = text(booking.rescheduledFromUid)
  if (!requestId && !replaces) return undefined
  const [attendee] = Array.isArray(booking.attendees) ? booking.attendees : []
  const event: BookingEvent = {
    provider: 'cal',
    bookingId,
    requestId,
    state,
    startTime,
    timeZone: (isRecord(attendee) ? text(attendee.timeZone) : undefined) ?? '',
    occurredAt,
  }
  if (replaces && state !== 'rejected' && state !== 'cancelled') event.replaces = replaces
  const replacedBy = text(booking.rescheduledToUid)
  if (replacedBy && state === 'cancelled') event.replacedBy = replacedBy
  // API v2 lists the booking's hosts; the first is its organizer.
  const [host] = Array.isArray(booking.hosts) ? booking.hosts : []
  const hostEmail = isRecord(host) ? text(host.email) : undefined
  if (hostEmail) event.hostEmail = hostEmail
  const endTime = instant(booking.end)
  if (endTime) event.endTime = endTime
  event.attendance = {
    guestNoShow: (Array.isArray(booking.attendees) ? booking.attendees : []).some(
      (one) => isRecord(one) && one.absent === true,
    ),
    hostAbsent: booking.absentHost === true,
  }
  return event
}

/**
 * Every booking of the key's account made or changed since `since`, or held in the week before
 * it: `afterCreatedAt` and `afterUpdatedAt` are asked apart, as a booking never changed may have
 * no `updatedAt`. Pages
 * follow `pagination.hasNextPage`, with `take` and `skip`.
 */
async function calChangedSince(
  api: SchedulerApiSettings,
  since: Date,
  fetch: typeof globalThis.fetch,
  now: Date,
): Promise<BookingEvent[]> {
  const headers = { authorization: `Bearer ${api.key}`, 'cal-api-version': calApiVersion }
  const what = { name: 'Cal.com', keySetting: 'CAL_API_KEY' }
  const found = new Map<string, BookingEvent>()
  // Made since, changed since, and held lately (a guest marked absent changes its attendee, not
  // the booking's updatedAt).
  const filters = [
    { afterCreatedAt: since },
    { afterUpdatedAt: since },
    { afterStart: new Date(since.getTime() - attendanceLookBackMs), beforeEnd: now },
  ]
  for (const filter of filters) {
    for (let skip = 0; ; skip += pageSize) {
      const url = new URL(`${api.url}/v2/bookings`)
      for (const [name, at] of Object.entries(filter)) {
        url.searchParams.set(name, at.toISOString())
      }
      url.searchParams.set('take', String(pageSize))
      url.searchParams.set('skip', String(skip))
      const body = await getApiJson(url, headers, what, fetch)
      if (!Array.isArray(body.data)) throw new Error('Cal.com sent /v2/bookings without data')
      for (const booking of body.data) {
        const event = isRecord(booking) ? calApiBookingEvent(booking) : undefined
        if (event) found.set(event.bookingId, event)
      }
      const pagination = isRecord(body.pagination) ? body.pagination : {}
      const more =
        typeof pagination.hasNextPage === 'boolean'
          ? pagination.hasNextPage
          : body.data.length === pageSize
      if (!more || body.data.length === 0) break
    }
  }
  return [...found.values()]
}

/**
 * A mark made in the console, written to the booking through `POST /v2/bookings/{uid}/mark-absent`
 * (`{ host }` or `{ attendees: [{ email, absent }] }`), its attendees read first from
 * `GET /v2/bookings/{uid}`. Cal.com sets the host's absence but never clears it: met clears
 * the guests' marks only.
 */
async function calMarkMeeting(
  api: SchedulerApiSettings,
  uid: string,
  outcome: MeetingOutcome,
  fetch: typeof globalThis.fetch,
): Promise<void> {
  const headers = { authorization: `Bearer ${api.key}`, 'cal-api-version': calApiVersion }
  const what = { name: 'Cal.com', keySetting: 'CAL_API_KEY' }
  const path = `${api.url}/v2/bookings/${encodeURIComponent(uid)}`
  let body: Json = { host: true }
  if (outcome !== 'host_absent') {
    const read = await getApiJson(new URL(path), headers, what, fetch)
    const booking = isRecord(read.data) ? read.data : {}
    const attendees = (Array.isArray(booking.attendees) ? booking.attendees : [])
      .map((attendee) => (isRecord(attendee) ? text(attendee.email) : undefined))
      .filter((email) => email !== undefined)
    if (attendees.length === 0) throw new Error(`Cal.com names no attendee of booking ${uid}`)
    body = { attendees: attendees.map((email) => ({ email, absent: outcome === 'no_show' })) }
  }
  await sendApiJson('POST', new URL(`${path}/mark-absent`), headers, body, what, fetch)
}

/** Cal.com's API v2, at api.cal.com or a self-hosted instance's API address. */
export const calApi: SchedulerApi = {
  keySetting: 'CAL_API_KEY',
  urlSetting: 'CAL_API_URL',
  defaultUrl: 'https://api.cal.com',
  changedSince: calChangedSince,
  markMeeting: calMarkMeeting,
}
