// The one sample lead of every suite, in each shape the suites need, each built from the first.
// Only type imports, so the browser tests and Storybook load it too.
import type { DemoRequest, DemoRequestSubmission } from '../../src/demo-request-schema.ts'
import type {
  NewDemoRequest,
  StoredDemoRequest,
} from '../../supabase/functions/_shared/demo-request-store.ts'

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

/** The JSON body the widget posts for the sample lead. */
export const sampleSubmission: Readonly<DemoRequestSubmission> = Object.freeze({
  ...sampleLead,
  ...where,
})

/** The sample lead as the function hands it to the store. */
export const sampleNewDemoRequest: Readonly<NewDemoRequest> = Object.freeze({
  ...sampleLead,
  ...where,
  referrer: null,
  utmTerm: null,
  utmContent: null,
  userAgent: 'Mozilla/5.0',
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
})
