/**
 * How long each text of a demo request may be. Its own module so the schema enforces these
 * and the form's copy quotes them without importing each other.
 */

/** Longest value, in characters, of each name the visitor types. */
export const fieldLimits = { firstName: 100, lastName: 100, companyName: 200 } as const

/**
 * Longest value of each contact field (contact-fields.ts): an address as SMTP allows it, a phone
 * number with room for its separators, a job title as a name, and a short note.
 */
export const contactFieldLimits = { email: 254, phone: 32, role: 100, message: 1000 } as const

/** Digits a phone number may have: the shortest national numbers, and E.164's longest. */
export const phoneDigits = { min: 7, max: 15 } as const

/** Sizes of the metadata a submission may carry beside the four fields. */
export const metadataLimits = {
  source: 100,
  pageUrl: 2000,
  referrer: 2000,
  website: 200,
  utmSource: 200,
  utmMedium: 200,
  utmCampaign: 200,
  utmTerm: 200,
  utmContent: 200,
} as const
