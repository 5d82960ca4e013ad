/**
 * A stand-in for Cal.com's API v2 bookings (cal-api-version 2024-08-13): the list,
 * `GET /v2/bookings`, with a Bearer API key, the `afterCreatedAt`, `afterUpdatedAt`, `afterStart`
 * and `beforeEnd` filters, `take` (1 to 250, 100 by default) and `skip`, and the reply
 * `{ status, data, pagination }` with Cal.com's pagination fields; one booking,
 * `GET /v2/bookings/{uid}`; and `POST /v2/bookings/{uid}/mark-absent` (`{ host, attendees:
 * [{ email, absent }] }`), refused before the meeting starts as handleMarkNoShow.ts refuses it,
 * setting `absentHost` (and the booking's `updatedAt`) or the attendees' `absent` (not the
 * booking's `updatedAt`: Cal.com updates the attendee rows). Bookings are laid out as its
 * BookingOutput_2024_08_13 (packages/platform/types/bookings/2024-08-13/outputs/booking.output.ts).
 */
import {
  type ApiReply,
  type ApiRequest,
  type JsonApiStandIn,
  startJsonApiStandIn,
} from './json-api-stand-in.ts'

/** What a test says about one booking; the rest of Cal.com's fields are filled in. */
export interface CalApiBookingFields {
  uid: string
  status: 'accepted' | 'pending' | 'rejected' | 'cancelled'
  start: string
  /** The lead's id, as the prefilled page's `metadata[demoRequestId]` left it. */
  requestId?: string
  rescheduledFromUid?: string
  rescheduledToUid?: string
  createdAt: string
  /** Null for a booking never changed since it was made. */
  updatedAt: string | null
  attendeeTimeZone?: string
  /** The host marked absent (`absentHost`), and the guest (`attendees[].absent`). */
  absentHost?: boolean
  guestAbsent?: boolean
}

/** A booking as `GET /v2/bookings` lists it. */
export function calApiBooking(fields: CalApiBookingFields): Record<string, unknown> {
  const end = new Date(Date.parse(fields.start) + 30 * 60_000).toISOString()
  return {
    id: 91,
    uid: fields.uid,
    title: 'Demo between Acme Sales and Ada Lovelace',
    description: '',
    hosts: [
      {
        id: 5,
        name: 'Acme Sales',
        email: 'sales@acme.example',
        displayEmail: 'sales@acme.example',
        username: 'acme',
        timeZone: 'America/Chicago',
      },
    ],
    status: fields.status,
    ...(fields.status === 'cancelled' ? { cancellationReason: 'Something came up' } : {}),
    ...(fields.rescheduledFromUid ? { rescheduledFromUid: fields.rescheduledFromUid } : {}),
    ...(fields.rescheduledToUid ? { rescheduledToUid: fields.rescheduledToUid } : {}),
    start: fields.start,
    end,
    duration: 30,
    eventTypeId: 7,
    eventType: { id: 7, slug: 'demo' },
    location: 'https://app.cal.com/video/abc',
    absentHost: fields.absentHost ?? false,
    createdAt: fields.createdAt,
    updatedAt: fields.updatedAt,
    metadata: {
      videoCallUrl: 'https://app.cal.com/video/abc',
      ...(fields.requestId ? { demoRequestId: fields.requestId } : {}),
    },
    attendees: [
      {
        name: 'Ada Lovelace',
        email: 'ada@analytical.example',
        displayEmail: 'ada@analytical.example',
        timeZone: fields.attendeeTimeZone ?? 'Europe/London',
        language: 'en',
        absent: fields.guestAbsent ?? false,
      },
    ],
    guests: [],
    bookingFieldsResponses: { name: 'Ada Lovelace', email: 'ada@analytical.example' },
  }
}

/** The stand-in, with the bookings it lists (add with `calApiBooking`). */
export interface CalApiStandIn extends JsonApiStandIn {
  key: string
  bookings: Record<string, unknown>[]
}

const error = (status: number, code: string, message: string): ApiReply => ({
  status,
  body: {
    status: 'error',
    timestamp: new Date().toISOString(),
    path: '/v2/bookings',
    error: { code, message },
  },
})

export async function startCalApiStandIn(key = 'cal_test_key'): Promise<CalApiStandIn> {
  const bookings: Record<string, unknown>[] = []
  const standIn = await startJsonApiStandIn(
    (request) => {
      if (!request.path.startsWith('/v2/bookings')) {
        return error(404, 'NotFoundException', 'Cannot GET')
      }
      if (request.headers.authorization !== `Bearer ${key}`) {
        return error(401, 'UnauthorizedException', 'Invalid Access Token.')
      }
      // Without it Cal.com answers with an older version of the endpoint, in another shape.
      if (request.headers['cal-api-version'] !== '2024-08-13') {
        return error(400, 'BadRequestException', 'cal-api-version 2024-08-13 expected')
      }
      const one = /^\/v2\/bookings\/([^/]+)(\/mark-absent)?$/.exec(request.path)
      if (one) return oneBooking(decodeURIComponent(one[1] ?? ''), Boolean(one[2]), request)
      if (request.path !== '/v2/bookings' || request.method !== 'GET') {
        return error(404, 'NotFoundException', `Cannot ${request.method} ${request.path}`)
      }
      return list(request)
    },
    { methods: ['GET', 'POST'] },
  )

  function oneBooking(uid: string, markAbsent: boolean, request: ApiRequest): ApiReply {
    const booking = bookings.find((each) => each.uid === uid)
    if (!booking) return error(404, 'NotFoundException', `Booking with uid=${uid} was not found`)
    if (!markAbsent) {
      if (request.method !== 'GET') return error(404, 'NotFoundException', 'Cannot POST')
      return { status: 200, body: { status: 'success', data: booking } }
    }
    if (request.method !== 'POST') return error(404, 'NotFoundException', 'Cannot GET')
    let body: { host?: unknown; attendees?: unknown }
    try {
      body = JSON.parse(request.body)
    } catch {
      return error(400, 'BadRequestException', 'The body is not JSON')
    }
    const marks = Array.isArray(body.attendees) ? body.attendees : []
    if (marks.length > 0 && Date.parse(String(booking.start)) > Date.now()) {
      return error(403, 'ForbiddenException', 'Cannot mark no-show before the meeting has started.')
    }
    const attendees = booking.attendees as { email: string; absent: boolean }[]
    for (const mark of marks) {
      const attendee = attendees.find((each) => each.email === mark?.email)
      if (attendee && typeof mark.absent === 'boolean') attendee.absent = mark.absent
    }
    if (body.host === true) {
      booking.absentHost = true
      booking.updatedAt = new Date().toISOString()
    }
    return { status: 200, body: { status: 'success', data: booking } }
  }

  function list(request: ApiRequest): ApiReply {
    const take = Number(request.query.get('take') ?? 100)
    const skip = Number(request.query.get('skip') ?? 0)
    if (!(Number.isInteger(take) && take >= 1 && take <= 250) || !(skip >= 0)) {
      return error(400, 'BadRequestException', 'take must be 1 to 250, skip 0 or more')
    }
    const bound = (name: string, field: string, side: 1 | -1) => {
      const at = request.query.get(name)
      return (booking: Record<string, unknown>) =>
        at === null ||
        (typeof booking[field] === 'string' &&
          side * (Date.parse(booking[field] as string) - Date.parse(at)) >= 0)
    }
    const matching = bookings
      .filter(bound('afterCreatedAt', 'createdAt', 1))
      .filter(bound('afterUpdatedAt', 'updatedAt', 1))
      .filter(bound('afterStart', 'start', 1))
      .filter(bound('beforeEnd', 'end', -1))
    const data = matching.slice(skip, skip + take)
    const totalPages = Math.max(1, Math.ceil(matching.length / take))
    const currentPage = Math.floor(skip / take) + 1
    return {
      status: 200,
      body: {
        status: 'success',
        data,
        pagination: {
          totalItems: matching.length,
          remainingItems: Math.max(0, matching.length - skip - data.length),
          returnedItems: data.length,
          itemsPerPage: take,
          currentPage,
          totalPages,
          hasNextPage: skip + data.length < matching.length,
          hasPreviousPage: skip > 0,
        },
      },
    }
  }
  return Object.assign(standIn, { key, bookings })
}
