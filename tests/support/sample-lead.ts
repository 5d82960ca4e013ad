// The one sample lead of every suite, in each shape the suites need, each built from the first.
// Only type imports, so the browser tests and Storybook load it too.
import type { DemoRequest, DemoRequestSubmission } from '#core/demo-request-schema.ts'
import type { NewDemoRequest, StoredDemoRequest } from '#shared/lead/lead-store.ts'

/**
 * The four fields a visitor fills in, all valid. The `&` in the company name makes every place
 * that shows it prove its escaping.
 */
export const sampleLead: Readonly<DemoRequest> = Object.freeze({
  firstName: 'Ada',
  lastName: 'Lovelace',
  companyName: 'Lovelace & Babbage LLP',
  companySize: '6-50 employees',
})

const where = {
  source: 'widget',
  pageUrl: 'https://partner.example/contact',
  utmSource: 'newsletter',
  utmMedium: 'email',
  utmCampaign: 'injury-defense-2026',
} as const

/**
 * What the sample lead adds in a form with every contact field (DEMO_REQUEST_FIELDS). The
 * phone number starts with `+`, which a spreadsheet would read as a formula.
 */
export const sampleContact = Object.freeze({
  email: 'ada@lovelace.example',
  phone: '+44 20 7946 0000',
  role: 'Managing Partner',
  message: 'Two offices, Austin and London.\nAsk for Charles.',
})

/** The JSON body the widget posts for the sample lead. */
export const sampleSubmission: Readonly<DemoRequestSubmission> = Object.freeze({
  ...sampleLead,
  ...where,
})

/** The sample lead as the function hands it to the store. */
export const sampleNewDemoRequest: Readonly<NewDemoRequest> = Object.freeze({
  ...sampleLead,
  ...where,
  email: null,
  phone: null,
  phoneE164: null,
  role: null,
  message: null,
  referrer: null,
  utmTerm: null,
  utmContent: null,
  userAgent: 'Mozilla/5.0',
  language: 'en',
  idempotencyKey: null,
  isSpam: false,
})

/** The sample lead as the store lists it, not yet notified. */
export const sampleStoredDemoRequest: Readonly<StoredDemoRequest> = Object.freeze({
  ...sampleNewDemoRequest,
  id: '5b7e2a4e-0c1d-4c36-9a43-7b1e4f1f6a11',
  createdAt: new Date('2026-04-05T06:07:08Z'),
  notificationStatus: 'pending',
  notificationAttempts: 0,
  notificationError: null,
  notifiedAt: null,
  heldUntil: null,
  routeRule: null,
  bookingState: null,
  bookingStart: null,
  bookingTimeZone: null,
  bookingProvider: null,
  bookingId: null,
  ownerId: null,
  owner: null,
})
