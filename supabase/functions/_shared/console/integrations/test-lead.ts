import type { LeadNotice } from '../../notify/notifier.ts'

/**
 * The made-up lead "Send a test" sends: a fixed id nobody's lead has (a CRM upserts it, so every
 * test updates one record rather than adding another), and names that say what it is.
 */
export const testLeadId = '00000000-0000-4000-8000-000000000000'

export function testLead(now: Date): LeadNotice {
  return {
    id: testLeadId,
    createdAt: now,
    firstName: 'Test',
    lastName: 'Test',
    companyName: 'Test (a console test, not a lead)',
    companySize: '1-5 employees',
    role: null,
    email: 'test@example.com',
    phone: null,
    phoneE164: null,
    message: 'Sent from the console’s Integrations page to check this destination.',
    source: 'console-test',
    utmCampaign: null,
    utmSource: null,
    utmMedium: null,
    utmTerm: null,
    utmContent: null,
    pageUrl: null,
    referrer: null,
    language: 'en',
    owner: null,
    routeRule: null,
  }
}
