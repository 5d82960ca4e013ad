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

type CalTrigger = 'BOOKING_CREATED' | 'BOOKING_RESCHEDULED' | 'BOOKING_CANCELLED' | 'PING'

export interface CalBooking {
  trigger: CalTrigger
  uid: string
  /** Absent: a booking made without the prefilled metadata. */
  requestId?: string
  startTime: string
  createdAt: string
  /** The uid of the booking a BOOKING_RESCHEDULED replaces. */
  rescheduleUid?: string
  attendeeTimeZone?: string
}

/** A Cal.com webhook body, laid out as Cal.com's booking handler sends it. */
export function calWebhookBody(booking: CalBooking): string {
  const end = new Date(Date.parse(booking.startTime) + 30 * 60_000).toISOString()
  const cancelled = booking.trigger === 'BOOKING_CANCELLED'
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
        email: 'sales@acme.example',
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
      requiresConfirmation: null,
      eventTypeId: 7,
      seatsShowAttendees: true,
      seatsPerTimeSlot: null,
      uid: booking.uid,
      bookingId: 91,
      ...(booking.rescheduleUid ? { rescheduleId: 90, rescheduleUid: booking.rescheduleUid } : {}),
      eventTitle: 'Demo',
      eventDescription: null,
      price: 0,
      currency: 'usd',
      length: 30,
      metadata: {
        videoCallUrl: 'https://app.cal.com/video/abc',
        ...(booking.requestId ? { demoRequestId: booking.requestId } : {}),
      },
      status: cancelled ? 'CANCELLED' : 'ACCEPTED',
      ...(cancelled ? { cancellationReason: 'Something came up' } : {}),
    },
  })
}

type CalendlyTrigger = 'invitee.created' | 'invitee.canceled' | 'invitee_no_show.created'

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
      cancel_url: 'https://calendly.com/cancellations/AAAAAAAAAAAAAAAA',
      created_at: invitee.createdAt,
      email: 'ada@analytical.example',
      event,
      first_name: null,
      last_name: null,
      name: 'Ada Lovelace',
      new_invitee: invitee.newInvitee ?? null,
      old_invitee: invitee.oldInvitee ?? null,
      questions_and_answers: [],
      reschedule_url: 'https://calendly.com/reschedulings/AAAAAAAAAAAAAAAA',
      rescheduled: Boolean(invitee.newInvitee),
      status: canceled ? 'canceled' : 'active',
      text_reminder_number: null,
      timezone: invitee.timeZone ?? 'America/New_York',
      tracking: {
        utm_campaign: null,
        utm_source: null,
        utm_medium: null,
        utm_content: invitee.requestId ?? null,
        utm_term: null,
        salesforce_uuid: null,
      },
      updated_at: invitee.createdAt,
      uri: invitee.uri,
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
        event_memberships: [{ user: 'https://api.calendly.com/users/GBGBDCAADAEDCRZ2' }],
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
      routing_form_submission: null,
      payment: null,
      no_show: null,
      reconfirmation: null,
    },
  })
}
