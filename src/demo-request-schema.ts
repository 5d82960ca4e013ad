/**
 * The one schema for a demo request, used by the form, the element and the Supabase function.
 * Runs under Deno as well as bundlers: explicit `.ts` imports, valibot its only dependency.
 */
import * as v from 'valibot'
import { fieldLimits, metadataLimits } from './demo-request-limits.ts'
import { companySizes, formCopy } from './form-copy.ts'

// C0 and C1 control characters: never part of a name, and they break CSV exports and emails.
const noControlCharacters = v.regex(/^[^\p{Cc}]*$/u, formCopy.controlCharacters)

// A missing key reads as empty, so it gets the field's own message rather than valibot's.
function requiredText(field: keyof typeof fieldLimits) {
  const text = v.pipe(
    v.string(formCopy.required[field]),
    v.trim(),
    v.nonEmpty(formCopy.required[field]),
    v.maxLength(fieldLimits[field], formCopy.tooLong[field]),
    noControlCharacters,
  )
  return v.optional(text, '')
}

function optionalText(max: number) {
  return v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max), noControlCharacters))
}

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
  source: optionalText(metadataLimits.source),
  pageUrl: optionalText(metadataLimits.pageUrl),
  referrer: optionalText(metadataLimits.referrer),
  website: optionalText(metadataLimits.website),
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
