import type { BookingState } from '#core/booking-state.ts'
import type { CompanySize } from '#core/demo-request-schema.ts'
import type { Language } from '#core/languages.ts'
import type { LeadFieldName, RequiredFieldName } from '#core/lead-fields.ts'
import type { BookingProvider } from '#core/next-step.ts'

// Where sales stand on a lead: not yet told, told, telling failed, never to be told (spam), or
// held beyond the global limit for the window's digest.
export const notificationStatuses = ['pending', 'sent', 'failed', 'skipped', 'held'] as const
export type NotificationStatus = (typeof notificationStatuses)[number]

/**
 * A lead's own values, one per field of the catalogue (src/core/lead-fields.ts): the four every
 * form has, and every other field null when the form lacks it or the visitor left it empty.
 */
export type LeadValues = { [Name in Exclude<RequiredFieldName, 'companySize'>]: string } & {
  companySize: CompanySize
  /** Always one: the schema makes a missing language English. */
  language: Language
} & { [Name in Exclude<LeadFieldName, RequiredFieldName | 'language'>]: string | null }

/** A lead as the function writes it. */
export type NewDemoRequest = LeadValues & {
  idempotencyKey: string | null
  isSpam: boolean
  /** The rule of DEMO_REQUEST_ROUTES the lead matched, from 1; none when no rule did. */
  routeRule?: number | null
  /** The person a rule of LEAD_OWNER_RULES gives the lead to, by email, if they are on the staff. */
  ownerEmail?: string | null
}

/** A lead as stored, with its notification state. */
export type StoredDemoRequest = NewDemoRequest & {
  id: string
  createdAt: Date
  notificationStatus: NotificationStatus
  notificationAttempts: number
  notificationError: string | null
  notifiedAt: Date | null
  /** For a held lead, the end of its window: one digest then tells sales about all of them. */
  heldUntil: Date | null
  routeRule: number | null
  /** The lead's booking, as the providers' signed webhooks report it; null until one does. */
  bookingState: BookingState | null
  bookingStart: Date | null
  /** The invitee's IANA time zone, as the provider reported it. */
  bookingTimeZone: string | null
  bookingProvider: BookingProvider | null
  /** The provider's id of the booking: Cal.com's uid, Calendly's invitee URI. */
  bookingId: string | null
  /** The staff member who owns the lead (console_staff.user_id); null while nobody does. */
  ownerId: string | null
  owner: LeadOwner | null
}

/** The staff member who owns a lead, as the console's people list has them. */
export interface LeadOwner {
  email: string
  /** The staff have no names yet, only emails: null until they do. */
  name: string | null
}

/** The outcome of an insert: `created` is false when the idempotency key was already stored. */
export interface InsertResult {
  id: string
  created: boolean
  /** Stored beyond the global limit: its notifications wait for the window's digest. */
  held?: boolean
  /** The stored lead's rule: a repeated key gets its first try's, so the same next step. */
  routeRule?: number | null
}

/** A submission refused because its client, or everyone together, used up the window. */
export interface Limited {
  limited: 'client' | 'global'
}

/** The rate limits a submission counts against: its client's, and everyone's together. */
export interface WindowLimit {
  /** An HMAC of the client's address group (see client-key.ts). */
  clientKey: string
  windowStart: Date
  /** Submissions one client may make in the window. */
  clientMax: number
  /** Submissions all clients together may make in the window. */
  globalMax: number
  /**
   * Beyond `globalMax`, store the lead with its notifications held until this moment (the
   * window's end) instead of refusing it; null refuses. Only for leads that paid with a proof.
   */
  holdUntil?: Date | null
}

/** The leads themselves; their notification state is the NotificationStore's. */
export interface LeadStore {
  /**
   * Stores a lead once per idempotency key within the window's limits, in one round trip. A
   * repeated key returns the first row's id and counts nothing.
   */
  accept(request: NewDemoRequest, limit: WindowLimit): Promise<InsertResult | Limited>
  /** Stored leads, newest first, only those in `status` if given; a `null` limit lists them all. */
  list(limit: number | null, status?: NotificationStatus): Promise<StoredDemoRequest[]>
  /** How many leads are stored, only those in `status` if given. */
  count(status?: NotificationStatus): Promise<number>
}
