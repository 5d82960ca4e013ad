/**
 * The field catalogue: every field of a lead, declared once. The schema, both drawings of the
 * form, `prefill()`, the stored row, the sales email, the webhook's `data`, the CSV and the
 * privacy notice are all derived from it, so a new field is one entry here (and its column in a
 * migration). Imports only the import-free languages.ts, with its `.ts`: the Supabase function
 * uploads it under Deno.
 */

import { supportedLanguages } from './languages.ts'

/** How a field is checked and drawn; `demo-request-schema.ts` holds the rules of each kind. */
export type LeadFieldKind =
  | 'name'
  | 'choice'
  | 'email'
  | 'phone'
  | 'title'
  | 'note'
  | 'attribution'
  | 'language'
  | 'derived'

/** Where a field the visitor fills in sits in the form. */
interface FormPlace {
  /** Fields are drawn in ascending order; focus goes to the first that needs attention. */
  order: number
  /** Fields naming the same row sit side by side on wide screens. */
  row?: string
  control: 'input' | 'select' | 'textarea'
  /** The autofill token, which also tells password managers what to fill. */
  autocomplete: string
  /** The on-screen keyboard a phone shows. */
  inputmode?: 'text' | 'email' | 'tel'
  /**
   * `always`: every form has it (the four of docs/requirements.md#fields). `setting`: a contact
   * field, there only when DEMO_REQUEST_FIELDS names it (contact-fields.ts).
   */
  presence: 'always' | 'setting'
}

/** What the privacy notice says of a field the visitor fills in. */
interface PrivacyWords {
  /** In "Your first name, last name, … as you enter them." */
  collected: string
  /** How it is used: sales reach the visitor through it, or use it to prepare the demo. */
  use: 'contact' | 'prepare'
  /** The word in the "prepare" list where it differs from `collected`; '' leaves it out. */
  prepare?: string
}

export interface LeadFieldEntry {
  /** The column of `public.demo_requests`, the CSV header and the Postgres argument's key. */
  column: string
  kind: LeadFieldKind
  /** Longest value, in characters; a `choice` is bounded by its options. */
  max: number
  /** For a `choice`: the values offered, in order, and the only ones accepted. */
  options?: readonly string[]
  /** For a field read from the page address: its query parameter. */
  query?: string
  /** For a `derived` field: the field it is made from, by the function. */
  derivedFrom?: string
  /** Only for fields the visitor fills in. */
  form?: FormPlace
  /** The sales email's label; its rows follow this catalogue's order. Absent: not in the email. */
  email?: string
  /** In the webhook's `data`, under this entry's key. */
  webhook: boolean
  privacy?: PrivacyWords
}

/** The four company sizes offered, in order; also the only values the schema accepts. */
export const companySizes = [
  '1-5 employees',
  '6-50 employees',
  '50-200 employees',
  '200+ employees',
] as const

// `satisfies` keeps each entry's literal types, which the row and value types are built from.
export const leadFields = {
  firstName: {
    column: 'first_name',
    kind: 'name',
    max: 100,
    form: {
      order: 1,
      row: 'name',
      control: 'input',
      autocomplete: 'given-name',
      presence: 'always',
    },
    email: 'First name',
    webhook: true,
    privacy: { collected: 'first name', use: 'prepare', prepare: 'name' },
  },
  lastName: {
    column: 'last_name',
    kind: 'name',
    max: 100,
    form: {
      order: 2,
      row: 'name',
      control: 'input',
      autocomplete: 'family-name',
      presence: 'always',
    },
    email: 'Last name',
    webhook: true,
    privacy: { collected: 'last name', use: 'prepare', prepare: '' },
  },
  companyName: {
    column: 'company_name',
    kind: 'name',
    max: 200,
    form: { order: 5, control: 'input', autocomplete: 'organization', presence: 'always' },
    email: 'Company',
    webhook: true,
    privacy: { collected: 'company name', use: 'prepare', prepare: 'company' },
  },
  companySize: {
    column: 'company_size',
    kind: 'choice',
    max: 32,
    options: companySizes,
    form: { order: 7, control: 'select', autocomplete: 'off', presence: 'always' },
    email: 'Company size',
    webhook: true,
    privacy: { collected: 'company size', use: 'prepare' },
  },
  role: {
    column: 'role',
    kind: 'title',
    max: 100,
    form: {
      order: 6,
      control: 'input',
      autocomplete: 'organization-title',
      inputmode: 'text',
      presence: 'setting',
    },
    email: 'Job title',
    webhook: true,
    privacy: { collected: 'job title', use: 'prepare' },
  },
  // An address as SMTP allows it.
  email: {
    column: 'email',
    kind: 'email',
    max: 254,
    form: {
      order: 3,
      control: 'input',
      autocomplete: 'email',
      inputmode: 'email',
      presence: 'setting',
    },
    email: 'Work email',
    webhook: true,
    privacy: { collected: 'work email', use: 'contact' },
  },
  // Room for the separators people type.
  phone: {
    column: 'phone',
    kind: 'phone',
    max: 32,
    form: {
      order: 4,
      control: 'input',
      autocomplete: 'tel',
      inputmode: 'tel',
      presence: 'setting',
    },
    email: 'Phone',
    webhook: true,
    privacy: { collected: 'phone number', use: 'contact' },
  },
  phoneE164: {
    column: 'phone_e164',
    kind: 'derived',
    max: 16,
    derivedFrom: 'phone',
    email: 'Phone (E.164)',
    webhook: true,
  },
  message: {
    column: 'message',
    kind: 'note',
    max: 1000,
    form: { order: 8, control: 'textarea', autocomplete: 'off', presence: 'setting' },
    email: 'Message',
    webhook: true,
    privacy: { collected: 'message', use: 'prepare' },
  },
  source: { column: 'source', kind: 'attribution', max: 100, email: 'Source', webhook: true },
  utmCampaign: {
    column: 'utm_campaign',
    kind: 'attribution',
    max: 200,
    query: 'utm_campaign',
    email: 'Campaign',
    webhook: true,
  },
  utmSource: {
    column: 'utm_source',
    kind: 'attribution',
    max: 200,
    query: 'utm_source',
    email: 'UTM source',
    webhook: true,
  },
  utmMedium: {
    column: 'utm_medium',
    kind: 'attribution',
    max: 200,
    query: 'utm_medium',
    email: 'UTM medium',
    webhook: true,
  },
  utmTerm: {
    column: 'utm_term',
    kind: 'attribution',
    max: 200,
    query: 'utm_term',
    email: 'UTM term',
    webhook: true,
  },
  utmContent: {
    column: 'utm_content',
    kind: 'attribution',
    max: 200,
    query: 'utm_content',
    email: 'UTM content',
    webhook: true,
  },
  pageUrl: { column: 'page_url', kind: 'attribution', max: 2000, email: 'Page', webhook: true },
  referrer: {
    column: 'referrer',
    kind: 'attribution',
    max: 2000,
    email: 'Referrer',
    webhook: true,
  },
  // The language the visitor read the form in, as the widget sends it: sales reply in it, and a
  // route may match it. A widget from before languages sends none and was English, so 'en'.
  language: {
    column: 'language',
    kind: 'language',
    max: 3,
    options: supportedLanguages,
    email: 'Language',
    webhook: true,
  },
  // From the request's header, not the body: kept for telling people from bots, never mailed.
  userAgent: { column: 'user_agent', kind: 'derived', max: 500, webhook: false },
} as const satisfies Record<string, LeadFieldEntry>

export type LeadFieldName = keyof typeof leadFields

type Entries = typeof leadFields
type Where<Condition> = {
  [Name in LeadFieldName]: Entries[Name] extends Condition ? Name : never
}[LeadFieldName]

/** The fields a visitor fills in, on every form or when the setting adds them. */
export type FormFieldName = Where<{ form: FormPlace }>
/** The four every form has. */
export type RequiredFieldName = Where<{ form: { presence: 'always' } }>
/** The contact fields DEMO_REQUEST_FIELDS may add. */
export type ContactFieldName = Where<{ form: { presence: 'setting' } }>
/** Where the lead came from, read from the page and its address. */
export type AttributionFieldName = Where<{ kind: 'attribution' }>
/** The `utm_*` fields, read from the landing page's address. */
export type QueryFieldName = Where<{ query: string }>

const names = Object.keys(leadFields) as LeadFieldName[]
const entry = (name: LeadFieldName): LeadFieldEntry => leadFields[name]

/** Every field, in catalogue order (the sales email's). */
export const leadFieldNames: readonly LeadFieldName[] = names

/** The fields a visitor fills in, in the form's order. */
export const formFieldNames = names
  .filter((name) => entry(name).form)
  .sort(
    (a, b) => (entry(a).form?.order ?? 0) - (entry(b).form?.order ?? 0),
  ) as readonly FormFieldName[]

/** The four every form has, in the form's order. */
export const requiredFieldNames = formFieldNames.filter(
  (name) => entry(name).form?.presence === 'always',
) as readonly RequiredFieldName[]

/** The contact fields, in the form's order. */
export const contactFieldNames = formFieldNames.filter(
  (name) => entry(name).form?.presence === 'setting',
) as readonly ContactFieldName[]

/** Where the lead came from, in catalogue order. */
export const attributionFieldNames = names.filter(
  (name) => entry(name).kind === 'attribution',
) as readonly AttributionFieldName[]

/** The fields read from the page address, with their query parameters. */
export const queryFieldNames = names.filter(
  (name) => entry(name).query,
) as readonly QueryFieldName[]

/** The catalogue entry of `name`, widened for code that walks every field. */
export function leadField(name: LeadFieldName): LeadFieldEntry {
  return entry(name)
}

/** Digits a phone number may have: the shortest national numbers, and E.164's longest. */
export const phoneDigits = { min: 7, max: 15 } as const

/**
 * The honeypot: a field hidden from people that only bots fill in. Never stored, so not a lead
 * field; only asked whether it is empty.
 */
export const honeypot = { name: 'website', max: 200 } as const
