/**
 * Webhook deliveries as Cal.com and Calendly send them, for tests: payloads in each provider's
 * shape (Cal.com's webhook data from its booking handler; Calendly's documented `invitee.*`
 * payload), and signers that sign them the way each documents. The signers use node:crypto, not
 * the function's own Web Crypto code, so a mistake there cannot hide in both.
 */
import { createHmac } from 'node:crypto'

/** `X-Cal-Signature-256`: the hex HMAC-SHA256 of the raw body under the webhook's secret. */
export function signCalWebhook(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex')
}

/** `Calendly-Webhook-Signature`: `t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signCalendlyWebhook(body: string, key: string, t: number): string {
  const v1 = createHmac('sha256', key).update(`${t}.${body}`).digest('hex')
  return `t=${t},v1=${v1}`
}

/**
 * The triggers Cal.com sends for a booking (its `WebhookTriggerEvents`), and `PING`, its test
 * button. Where each is sent and what it carries: see calWebhookBody.
 */
type CalTrigger =
  | 'BOOKING_REQUESTED'
  | 'BOOKING_PAYMENT_INITIATED'
  | 'BOOKING_CREATED'
  | 'BOOKING_PAID'
  | 'BOOKING_RESCHEDULED'
  | 'BOOKING_REJECTED'
  | 'BOOKING_CANCELLED'
  | 'PING'

export interface CalBooking {
  trigger: CalTrigger
  uid: string
  /**
   * The `metadata[demoRequestId]` the booking was made with. Cal.com hands a booking's metadata
   * back only in the deliveries sent as it is made (BOOKING_REQUESTED, BOOKING_PAYMENT_INITIATED,
   * a BOOKING_CREATED or BOOKING_RESCHEDULED of an event type that needs neither confirmation nor
   * payment) and in BOOKING_CANCELLED: leave it out of the BOOKING_CREATED sent once the host
   * confirms or the booker pays. BOOKING_PAID and BOOKING_REJECTED never carry it.
   */
  requestId?: string
  startTime: string
  createdAt: string
  /** The uid of the booking a BOOKING_RESCHEDULED (or a BOOKING_REQUESTED) replaces. */
  rescheduleUid?: string
  attendeeTimeZone?: string
  /** The event type needs the host's confirmation. */
  requiresConfirmation?: boolean
  /** The event type's price, in cents; 0 for a free one. */
  price?: number
  /** A BOOKING_CANCELLED that is the host's "Request reschedule" (requestReschedule.handler.ts). */
  requestReschedule?: boolean
  /** The organizer's email: the host, `sales@acme.example` unless given. */
  hostEmail?: string
}

// The booking's status each trigger reports (Cal.com's BookingStatus): BOOKING_REQUESTED is sent
// PENDING; a payment's first word, BOOKING_PAYMENT_INITIATED, is sent ACCEPTED; BOOKING_PAID is
// sent with the booking's status once paid, PENDING when the host must still confirm (calStatus).
const calStatuses: Record<CalTrigger, string | undefined> = {
  BOOKING_REQUESTED: 'PENDING',
  BOOKING_PAYMENT_INITIATED: 'ACCEPTED',
  BOOKING_CREATED: 'ACCEPTED',
  BOOKING_PAID: 'ACCEPTED',
  BOOKING_RESCHEDULED: 'ACCEPTED',
  BOOKING_REJECTED: 'REJECTED',
  BOOKING_CANCELLED: 'CANCELLED',
  PING: undefined,
}

// handlePaymentSuccess.ts leaves a booking that needs confirmation PENDING, and sends it so.
function calStatus(booking: CalBooking): string | undefined {
  if (booking.trigger === 'BOOKING_PAID' && booking.requiresConfirmation) return 'PENDING'
  return calStatuses[booking.trigger]
}

// What `payload.metadata` holds for each trigger: the booking's own metadata (the video call and
// what the booking page was given) as the booking is made (handleNewBooking.ts); the video call
// alone in the BOOKING_CREATED of a confirmation (handleConfirmation.ts); the payment's in
// BOOKING_PAID; none in BOOKING_REJECTED (confirm.handler.ts).
function calMetadata(booking: CalBooking): Record<string, unknown> | undefined {
  const videoCallUrl = 'https://app.cal.com/video/abc'
  if (booking.trigger === 'BOOKING_REJECTED') return undefined
  if (booking.trigger === 'BOOKING_PAID') {
    return {
      identifier: 'cal.com',
      bookingId: 91,
      eventTypeId: 7,
      bookerEmail: 'ada@analytical.example',
      eventTitle: 'Demo',
      externalId: 'pi_3AbCdEf',
    }
  }
  return { videoCallUrl, ...(booking.requestId ? { demoRequestId: booking.requestId } : {}) }
}

/**
 * A Cal.com webhook body, laid out as Cal.com sends it: `{ triggerEvent, createdAt, payload }`
 * with the booking's calendar event, its event type's details and the trigger's own fields
 * (packages/features/webhooks/lib/sendPayload.ts; the payloads of handleNewBooking.ts,
 * handleConfirmation.ts, handleBookingRequested.ts and, for BOOKING_REJECTED,
 * packages/trpc/server/routers/viewer/bookings/confirm.handler.ts).
 */
export function calWebhookBody(booking: CalBooking): string {
  const end = new Date(Date.parse(booking.startTime) + 30 * 60_000).toISOString()
  const status = calStatus(booking)
  const metadata = calMetadata(booking)
  const payment =
    booking.trigger === 'BOOKING_PAYMENT_INITIATED' || booking.trigger === 'BOOKING_PAID'
  return JSON.stringify({
    triggerEvent: booking.trigger,
    createdAt: booking.createdAt,
    payload: {
      type: 'demo',
      title: 'Demo between Acme Sales and Ada Lovelace',
      description: '',
      additionalNotes: '',
      customInputs: {},
      startTime: booking.startTime,
      endTime: end,
      organizer: {
        id: 5,
        name: 'Acme Sales',
        email: booking.hostEmail ?? 'sales@acme.example',
        username: 'acme',
        timeZone: 'America/Chicago',
        language: { locale: 'en' },
        timeFormat: 'h:mma',
      },
      responses: {
        name: { label: 'your_name', value: 'Ada Lovelace' },
        email: { label: 'email_address', value: 'ada@analytical.example' },
      },
      attendees: [
        {
          email: 'ada@analytical.example',
          name: 'Ada Lovelace',
          firstName: '',
          lastName: '',
          timeZone: booking.attendeeTimeZone ?? 'Europe/London',
          language: { locale: 'en' },
        },
      ],
      location: 'integrations:daily',
      destinationCalendar: null,
      hideCalendarNotes: false,
      requiresConfirmation: booking.requiresConfirmation ?? null,
      eventTypeId: 7,
      seatsShowAttendees: true,
      seatsPerTimeSlot: null,
      uid: booking.uid,
      bookingId: 91,
      ...(booking.rescheduleUid ? { rescheduleId: 90, rescheduleUid: booking.rescheduleUid } : {}),
      eventTitle: 'Demo',
      eventDescription: null,
      price: booking.price ?? 0,
      currency: 'usd',
      length: 30,
      ...(metadata ? { metadata } : {}),
      ...(payment ? { paymentId: 12 } : {}),
      ...(status ? { status } : {}),
      ...(booking.trigger === 'BOOKING_CANCELLED'
        ? {
            cancellationReason: booking.requestReschedule
              ? 'Please pick a time later that week'
              : 'Something came up',
            ...(booking.requestReschedule ? { requestReschedule: true } : {}),
          }
        : {}),
      ...(booking.trigger === 'BOOKING_REJECTED'
        ? { rejectionReason: 'Fully booked that week' }
        : {}),
    },
  })
}

type CalendlyTrigger =
  | 'invitee.created'
  | 'invitee.canceled'
  | 'invitee_no_show.created'
  | 'invitee_no_show.deleted'

export interface CalendlyInvitee {
  trigger: CalendlyTrigger
  /** The invitee's URI, the booking's id. */
  uri: string
  requestId?: string
  startTime: string
  createdAt: string
  timeZone?: string
  /** A cancellation that is half of a reschedule names the new invitee. */
  newInvitee?: string
  /** A creation that is the other half names the old one. */
  oldInvitee?: string
  /** The event membership's email: the host, `sales@acme.example` unless given. */
  hostEmail?: string
}

/** What an invitee resource carries that a fixture sets. */
interface CalendlyInviteeResourceFields {
  uri: string
  /** The URI of the scheduled event it belongs to. */
  event: string
  status: 'active' | 'canceled'
  createdAt: string
  updatedAt: string
  requestId?: string
  timeZone?: string
  newInvitee?: string
  oldInvitee?: string
  /** The invitee's no-show (InviteeNoShow), or null. */
  noShow?: { uri: string; created_at: string } | null
}

/**
 * Calendly's invitee resource, as a webhook's `payload` and the API's `/invitees` both carry it
 * (Calendly's API reference, "Invitee"): the lead in `tracking.utm_content`, as our prefilled
 * booking page puts it.
 */
export function calendlyInviteeResource(invitee: CalendlyInviteeResourceFields) {
  return {
    uri: invitee.uri,
    email: 'ada@analytical.example',
    name: 'Ada Lovelace',
    first_name: null,
    last_name: null,
    status: invitee.status,
    questions_and_answers: [],
    timezone: invitee.timeZone ?? 'America/New_York',
    event: invitee.event,
    created_at: invitee.createdAt,
    updated_at: invitee.updatedAt,
    tracking: {
      utm_campaign: null,
      utm_source: null,
      utm_medium: null,
      utm_content: invitee.requestId ?? null,
      utm_term: null,
      salesforce_uuid: null,
    },
    text_reminder_number: null,
    rescheduled: Boolean(invitee.newInvitee),
    old_invitee: invitee.oldInvitee ?? null,
    new_invitee: invitee.newInvitee ?? null,
    cancel_url: 'https://calendly.com/cancellations/AAAAAAAAAAAAAAAA',
    reschedule_url: 'https://calendly.com/reschedulings/AAAAAAAAAAAAAAAA',
    routing_form_submission: null,
    payment: null,
    no_show: invitee.noShow ?? null,
    reconfirmation: null,
  }
}

/** A Calendly webhook body, laid out as Calendly's webhook documentation shows it. */
export function calendlyWebhookBody(invitee: CalendlyInvitee): string {
  const event = invitee.uri.replace(/\/invitees\/.*$/, '')
  const canceled = invitee.trigger === 'invitee.canceled'
  const end = new Date(Date.parse(invitee.startTime) + 30 * 60_000).toISOString()
  return JSON.stringify({
    created_at: invitee.createdAt,
    created_by: 'https://api.calendly.com/users/AAAAAAAAAAAAAAAA',
    event: invitee.trigger,
    payload: {
      ...calendlyInviteeResource({
        uri: invitee.uri,
        event,
        status: canceled ? 'canceled' : 'active',
        createdAt: invitee.createdAt,
        updatedAt: invitee.createdAt,
        requestId: invitee.requestId,
        timeZone: invitee.timeZone,
        newInvitee: invitee.newInvitee,
        oldInvitee: invitee.oldInvitee,
        noShow:
          invitee.trigger === 'invitee_no_show.created'
            ? {
                uri: 'https://api.calendly.com/invitee_no_shows/NSAAAAAAAAAAAAAA',
                created_at: invitee.createdAt,
              }
            : null,
      }),
      scheduled_event: {
        uri: event,
        name: 'Demo',
        status: canceled ? 'canceled' : 'active',
        start_time: invitee.startTime,
        end_time: end,
        event_type: 'https://api.calendly.com/event_types/GBGBDCAADAEDCRZ2',
        location: { type: 'zoom', join_url: 'https://zoom.us/j/1' },
        invitees_counter: { total: 1, active: canceled ? 0 : 1, limit: 1 },
        created_at: invitee.createdAt,
        updated_at: invitee.createdAt,
        event_memberships: [
          {
            user: 'https://api.calendly.com/users/GBGBDCAADAEDCRZ2',
            user_email: invitee.hostEmail ?? 'sales@acme.example',
            user_name: 'Acme Sales',
          },
        ],
        event_guests: [],
      },
      ...(canceled
        ? {
            cancellation: {
              canceled_by: 'Ada Lovelace',
              reason: invitee.newInvitee ? null : 'Something came up',
              canceler_type: 'invitee',
              created_at: invitee.createdAt,
            },
          }
        : {}),
    },
  })
}

/**
 * A Cal.com BOOKING_NO_SHOW_UPDATED body, as handleMarkNoShow.ts sends it when the guest is
 * marked absent or the mark is taken back: the attendees marked, `bookingUid`, `bookingId` and a
 * message, with no booking fields.
 */
export function calNoShowWebhookBody(fields: { uid: string; createdAt: string; noShow: boolean }) {
  return JSON.stringify({
    triggerEvent: 'BOOKING_NO_SHOW_UPDATED',
    createdAt: fields.createdAt,
    payload: {
      message: `ada@analytical.example ${fields.noShow ? 'marked' : 'unmarked'} as no-show`,
      attendees: [{ email: 'ada@analytical.example', noShow: fields.noShow }],
      bookingUid: fields.uid,
      bookingId: 91,
    },
  })
}

/**
 * A Cal.com MEETING_ENDED body: scheduled for the booking's end (scheduleTrigger.ts), it carries
 * the booking itself.
 */
export function calMeetingEndedBody(fields: { uid: string; startTime: string; createdAt: string }) {
  const end = new Date(Date.parse(fields.startTime) + 30 * 60_000).toISOString()
  return JSON.stringify({
    triggerEvent: 'MEETING_ENDED',
    createdAt: fields.createdAt,
    payload: {
      id: 91,
      bookingId: 91,
      uid: fields.uid,
      title: 'Demo between Acme Sales and Ada Lovelace',
      startTime: fields.startTime,
      endTime: end,
      status: 'ACCEPTED',
      attendees: [{ email: 'ada@analytical.example', name: 'Ada Lovelace', noShow: false }],
    },
  })
}
