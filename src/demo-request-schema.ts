/**
 * The one schema for a demo request, used by the form, the element and the Supabase function.
 * Runs under Deno as well as bundlers: explicit `.ts` imports, valibot its only dependency.
 */
import * as v from 'valibot'
import {
  type ContactField,
  contactFieldNames,
  type FormFields,
  fieldsSetting,
  formatFormFields,
} from './contact-fields.ts'
import {
  contactFieldLimits,
  fieldLimits,
  metadataLimits,
  phoneDigits,
} from './demo-request-limits.ts'
import { companySizes, formCopy } from './form-copy.ts'
import {
  cleanMetadata,
  cleanText,
  directionControl,
  letterOrDigit,
  lineBreakOrControl,
  wellFormed,
} from './text-hygiene.ts'

// Refused rather than removed in what the visitor types: they can retype it, and removing either
// would change what they saw. See text-hygiene.ts for what is removed without asking.
const noLineBreaksOrControls = v.check(
  (text: string) => !lineBreakOrControl.test(text),
  formCopy.controlCharacters,
)
const noDirectionControls = v.check(
  (text: string) => !directionControl.test(text),
  formCopy.directionControls,
)

// A missing key reads as empty, so it gets the field's own message rather than valibot's.
function requiredText(field: keyof typeof fieldLimits) {
  const text = v.pipe(
    v.string(formCopy.required[field]),
    v.transform(cleanText),
    v.trim(),
    v.nonEmpty(formCopy.required[field]),
    v.maxLength(fieldLimits[field], formCopy.tooLong[field]),
    noLineBreaksOrControls,
    noDirectionControls,
    v.regex(letterOrDigit, formCopy.letterOrDigit[field]),
  )
  return v.optional(text, '')
}

// A contact field's rules run on its cleaned text. An optional field left empty skips them and
// is left out of the output, so it is stored as no value rather than as ''.
type Rule = { test: (text: string) => boolean; message: string }

function contactText(
  name: ContactField,
  required: boolean,
  prepare: (text: string) => string,
  rules: Rule[],
) {
  const copy = formCopy.contactFields[name]
  const checks = [
    v.check((text: string) => !required || text !== '', copy.required),
    v.maxLength<string, number, string>(contactFieldLimits[name], copy.tooLong),
    ...rules.map(({ test, message }) =>
      v.check((text: string) => text === '' || test(text), message),
    ),
  ]
  const cleaned = v.pipe(
    v.string(copy.required),
    v.transform((text: string) => prepare(cleanText(text)).trim()),
    ...checks,
  )
  const text = v.pipe(
    cleaned,
    v.transform((text) => (text === '' ? undefined : text)),
  )
  // Missing reads as empty for a required field, so it gets the field's own message.
  return (required ? v.optional(text, '') : v.optional(text)) as v.OptionalSchema<
    typeof text,
    undefined
  >
}

const same = (text: string) => text
const oneLine = (message: string): Rule => ({
  test: (text) => !lineBreakOrControl.test(text),
  message,
})
const noDirection: Rule = {
  test: (text) => !directionControl.test(text),
  message: formCopy.directionControls,
}

// valibot's RFC 5322 pattern, and a dot in the domain: sales write to firms, not to `localhost`.
const emailRule: Rule = {
  test: (text) => v.RFC_EMAIL_REGEX.test(text) && /@[^@]+\.[^@.]+$/.test(text),
  message: formCopy.contactFields.email.invalid,
}
// The local part may be case-sensitive; the domain never is.
const lowerCaseDomain = (text: string) => text.replace(/@[^@]*$/, (domain) => domain.toLowerCase())

const digitCount = (text: string) => text.replace(/\D/g, '').length
// A `+` only in front, as E.164 writes it; after it digits and the separators people type.
const phoneCharacters = /^\+?[\d ().-]+$/

// A note may span lines: each line break becomes \n and a tab a space; other controls are refused.
const normaliseLines = (text: string) =>
  text.replace(/\r\n?|[\u2028\u2029]/g, '\n').replace(/\t/g, ' ')

const contactSchemas = {
  email: (required: boolean) =>
    contactText('email', required, lowerCaseDomain, [
      oneLine(formCopy.contactFields.email.invalid),
      emailRule,
    ]),
  phone: (required: boolean) =>
    contactText('phone', required, same, [
      { test: (text) => phoneCharacters.test(text), message: formCopy.contactFields.phone.invalid },
      {
        test: (text) => digitCount(text) >= phoneDigits.min && digitCount(text) <= phoneDigits.max,
        message: formCopy.contactFields.phone.digits,
      },
    ]),
  // Like the names: one line, no direction controls, a letter or digit.
  role: (required: boolean) =>
    contactText('role', required, same, [
      oneLine(formCopy.controlCharacters),
      noDirection,
      { test: (text) => letterOrDigit.test(text), message: formCopy.contactFields.role.invalid },
    ]),
  message: (required: boolean) =>
    contactText('message', required, normaliseLines, [
      {
        test: (text) => !lineBreakOrControl.test(text.replaceAll('\n', '')),
        message: formCopy.contactFields.message.invalid,
      },
      noDirection,
    ]),
} satisfies Record<ContactField, (required: boolean) => v.GenericSchema>

// Where the lead came from: the visitor can neither see nor fix it, so its content is cleaned,
// never refused. The form cuts it to these lengths already; another client sending more learns
// which rule it broke.
function metadataText(max: number) {
  return v.optional(
    v.pipe(
      v.string('Must be text'),
      v.transform(cleanMetadata),
      v.maxLength(max, `Must be at most ${max} characters`),
    ),
  )
}

// The honeypot is only asked whether it is empty, so nothing is removed that could make it so,
// and nothing in it is refused (it is cut instead): a bot that fills it gets a person's answer.
const honeypot = v.optional(
  v.pipe(
    v.string(),
    v.transform((text) => wellFormed(text.trim().slice(0, metadataLimits.website))),
  ),
)

// The specification's four fields, which every form has.
const specificationEntries = {
  firstName: requiredText('firstName'),
  lastName: requiredText('lastName'),
  companyName: requiredText('companyName'),
  companySize: v.pipe(
    v.optional(v.string(formCopy.required.companySize), ''),
    v.picklist(companySizes, formCopy.required.companySize),
  ),
}

// Where the lead came from, and the honeypot `website`, a field hidden from people that only
// bots fill in.
const metadataEntries = {
  source: metadataText(metadataLimits.source),
  pageUrl: metadataText(metadataLimits.pageUrl),
  referrer: metadataText(metadataLimits.referrer),
  // The visit's campaign (utm_* in the landing page's address), first touch of the session.
  utmSource: metadataText(metadataLimits.utmSource),
  utmMedium: metadataText(metadataLimits.utmMedium),
  utmCampaign: metadataText(metadataLimits.utmCampaign),
  utmTerm: metadataText(metadataLimits.utmTerm),
  utmContent: metadataText(metadataLimits.utmContent),
  website: honeypot,
}

// The widest form, every contact field optional: the types are inferred from it.
const widestRequest = v.object({
  ...specificationEntries,
  email: contactSchemas.email(false),
  phone: contactSchemas.phone(false),
  role: contactSchemas.role(false),
  message: contactSchemas.message(false),
})
const widestSubmission = v.object({ ...widestRequest.entries, ...metadataEntries })

export type DemoRequestField = keyof typeof formCopy.required
export type DemoRequest = v.InferOutput<typeof widestRequest>
export type DemoRequestSubmission = v.InferOutput<typeof widestSubmission>
export type CompanySize = (typeof companySizes)[number]

/** One message per invalid field, the first rule each broke. */
export type FieldErrors = Partial<Record<string, string>>

export type Validation<T> = { success: true; output: T } | { success: false; fields: FieldErrors }

const notAnObject = 'A demo request must be a JSON object'

function validate<T>(schema: v.GenericSchema<unknown, T>, input: unknown): Validation<T> {
  // valibot's object() takes arrays; a request body never is one.
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { success: false, fields: { body: notAnObject } }
  }
  const result = v.safeParse(schema, input)
  if (result.success) return { success: true, output: result.output }
  const fields: FieldErrors = {}
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? 'body'
    fields[key] ??= issue.message
  }
  return { success: false, fields }
}

// A contact field the form lacks is refused, not dropped: what a visitor typed into a widget
// built with it would be lost without a word. The message names the setting to change.
const notCollected = (name: ContactField) =>
  v.optional(
    v.never(
      `This form does not collect ${name}: list it in ${fieldsSetting} where the function runs, or build the widget without it`,
    ),
  )

// Built once per form: the form validates on every keystroke once a message shows.
const schemas = new Map<string, v.GenericSchema<unknown, DemoRequestSubmission>>()

function schemaFor(kind: 'request' | 'submission', fields: FormFields) {
  const key = `${kind}:${formatFormFields(fields)}`
  let schema = schemas.get(key)
  if (!schema) {
    const entries: v.ObjectEntries = { ...specificationEntries }
    if (kind === 'submission') {
      for (const name of contactFieldNames) entries[name] = notCollected(name)
      Object.assign(entries, metadataEntries)
    }
    for (const { name, required } of fields) entries[name] = contactSchemas[name](required)
    schema = v.object(entries) as unknown as v.GenericSchema<unknown, DemoRequestSubmission>
    schemas.set(key, schema)
  }
  return schema
}

/**
 * Validates the fields a visitor fills in, as the form does before sending: the four, and the
 * contact fields of `fields` (none by default, as the specification has it).
 */
export function validateDemoRequest(
  input: unknown,
  fields: FormFields = [],
): Validation<DemoRequest> {
  return validate(schemaFor('request', fields), input)
}

/**
 * Validates a whole submission, as the function does on arrival, for a form with `fields`. A
 * contact field the form lacks is refused.
 */
export function validateSubmission(
  input: unknown,
  fields: FormFields = [],
): Validation<DemoRequestSubmission> {
  return validate(schemaFor('submission', fields), input)
}
