/**
 * The one schema for a demo request, used by the form, the element and the Supabase function.
 * Runs under Deno as well as bundlers: explicit `.ts` imports, valibot its only dependency.
 */
import * as v from 'valibot'
import { fieldLimits, metadataLimits } from './demo-request-limits.ts'
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

// The four fields a visitor fills in. Unknown keys are dropped.
const demoRequestSchema = v.object({
  firstName: requiredText('firstName'),
  lastName: requiredText('lastName'),
  companyName: requiredText('companyName'),
  companySize: v.pipe(
    v.optional(v.string(formCopy.required.companySize), ''),
    v.picklist(companySizes, formCopy.required.companySize),
  ),
})

// What the form posts: the four fields, where the lead came from, and the honeypot `website`,
// a field hidden from people that only bots fill in.
const demoRequestSubmissionSchema = v.object({
  ...demoRequestSchema.entries,
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
})

export type DemoRequestField = keyof typeof formCopy.required
export type DemoRequest = v.InferOutput<typeof demoRequestSchema>
export type DemoRequestSubmission = v.InferOutput<typeof demoRequestSubmissionSchema>
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

/** Validates the visitor's four fields, as the form does before sending. */
export function validateDemoRequest(input: unknown): Validation<DemoRequest> {
  return validate(demoRequestSchema, input)
}

/** Validates a whole submission, as the function does on arrival. */
export function validateSubmission(input: unknown): Validation<DemoRequestSubmission> {
  return validate(demoRequestSubmissionSchema, input)
}
