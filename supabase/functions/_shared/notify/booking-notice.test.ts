import { describe, expect, it } from 'vitest'
import { sampleStoredDemoRequest } from '../../../../tests/support/sample-lead.ts'
import type { BookingNoticeKind } from '../booking/booking-event.ts'
import { bookingEmail, bookingWebhook } from './booking-notice.ts'
import type { BookingNotice } from './notifier.ts'

const notice = (kind: BookingNoticeKind): BookingNotice => ({
  notice: kind,
  provider: 'cal',
  bookingId: 'bk-1',
  startTime: new Date('2026-12-01T15:00:00Z'),
  inviteeTimeZone: 'Europe/London',
  recordedAt: new Date('2026-11-26T10:00:00Z'),
  lead: sampleStoredDemoRequest,
})

describe('the booking notice', () => {
  it("tells the host's request for a new time as that, never as cancelled", () => {
    const email = bookingEmail(notice('reschedule_requested'), 'UTC')
    expect(email.subject).toMatch(/^The host asked .+ to pick a new time for the demo of /)
    expect(`${email.subject} ${email.text} ${email.html}`).not.toMatch(/cancel/i)
    const hook = bookingWebhook(notice('reschedule_requested'), 'UTC')
    expect(hook.type).toBe('demo_request.reschedule_requested')
    expect(hook.text).not.toMatch(/cancel/i)
  })

  it.each([
    ['booked', 'demo_request.booked', /booked a demo for/],
    ['cancelled', 'demo_request.booking_cancelled', /cancelled the demo for/],
  ] as const)('tells %s as %s', (kind, type, headline) => {
    expect(bookingEmail(notice(kind), 'UTC').subject).toMatch(headline)
    expect(bookingWebhook(notice(kind), 'UTC').type).toBe(type)
  })
})
