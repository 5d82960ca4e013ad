/**
 * The one schema for a demo request, used by the form, the element and the Supabase function,
 * built from the field catalogue (lead-fields.ts): each kind of field has its rules here, each
 * field its limits there. Rules return codes; `fieldMessage` gives their words, in English unless
 * given a language's copy.
 * Runs under Deno as well as bundlers: explicit `.ts` imports, valibot its only dependency.
 */
import * as v from 'valibot'
import { type FormFields, fieldsSetting, formatFormFields } from './contact-fields.ts'
import { type FormCopy, formCopy } from './form-copy.ts'
import { type Language, supportedLanguages } from './languages.ts'
import {
  attributionFieldNames,
  type ContactFieldName,
  companySizes,
  contactFieldNames,
  type FormFieldName,
  honeypot,
  type LeadFieldKind,
  leadField,
  phoneDigits,
  type RequiredFieldName,
  requiredFieldNames,
} from './lead-fields.ts'
import {
  cleanMetadata,
  cleanText,
  directionControl,
  letterOrDigit,
  lineBreakOrControl,
  wellFormed,
} from './text-hygiene.ts'

/**
 * What a rule may say of a field: each a key of the copy's messages, looked up when shown. A
 * list, so a reader of the function's 400 can tell a code it knows from anything else.
 */
export const messageCodes = [
  'required',
  'tooLong',
  'letterOrDigit',
  'invalid',
  'digits',
  'controlCharacters',
  'directionControls',
  'notText',
  'notCollected',
  'notAnObject',
] as const
export type MessageCode = (typeof messageCodes)[number]

type Rule = { test: (text: string) => boolean; code: MessageCode }

const oneLine: Rule = { test: (text) => !lineBreakOrControl.test(text), code: 'controlCharacters' }
const noDirection: Rule = {
  test: (text) => !directionControl.test(text),
  code: 'directionControls',
}
const someLetter: Rule = { test: (text) => letterOrDigit.test(text), code: 'letterOrDigit' }

// valibot's RFC 5322 pattern, and a dot in the domain: sales write to firms, not to `localhost`.
const emailAddress: Rule = {
  test: (text) =>
    !lineBreakOrControl.test(text) && v.RFC_EMAIL_REGEX.test(text) && /@[^@]+\.[^@.]+$/.test(text),
  code: 'invalid',
}
const digitCount = (text: string) => text.replace(/\D/g, '').length
// A `+` only in front, as E.164 writes it; after it digits and the separators people type.
const phoneCharacters: Rule = { test: (text) => /^\+?[\d ().-]+$/.test(text), code: 'invalid' }
const phoneLength: Rule = {
  test: (text) => digitCount(text) >= phoneDigits.min && digitCount(text) <= phoneDigits.max,
  code: 'digits',
}
// A note may span lines; its other controls are refused.
const noteLines: Rule = {
  test: (text) => !lineBreakOrControl.test(text.replaceAll('\n', '')),
  code: 'controlCharacters',
}

// The local part may be case-sensitive; the domain never is.
const lowerCaseDomain = (text: string) => text.replace(/@[^@]*$/, (domain) => domain.toLowerCase())
// Each line break becomes \n and a tab a space.
const normaliseLines = (text: string) =>
  text.replace(/\r\n?|[\u2028\u2029]/g, '\n').replace(/\t/g, ' ')
const same = (text: string) => text

// What a visitor types, by kind: how it is prepared, then the rules it must pass, in order.
// Refused rather than removed: the visitor can retype it, and removing it would change what
// they saw. See text-hygiene.ts for what is removed without asking.
const typedKinds: Partial<
  Record<LeadFieldKind, { prepare: (text: string) => string; rules: Rule[] }>
> = {
  name: { prepare: same, rules: [oneLine, noDirection, someLetter] },
  title: { prepare: same, rules: [oneLine, noDirection, someLetter] },
  email: { prepare: lowerCaseDomain, rules: [emailAddress] },
  phone: { prepare: same, rules: [phoneCharacters, phoneLength] },
  note: { prepare: normaliseLines, rules: [noteLines, noDirection] },
}

/**
 * A typed field's schema. A missing key reads as empty, so a required field gets its own
 * message rather than valibot's; an optional field left empty skips its rules and is left out
 * of the output, so it is stored as no value rather than as ''.
 */
function typedText(name: FormFieldName, required: boolean) {
  const { max, kind } = leadField(name)
  const { prepare, rules } = typedKinds[kind] ?? { prepare: same, rules: [] }
  const text = v.pipe(
    v.string('required' satisfies MessageCode),
    v.transform((text: string) => prepare(cleanText(text)).trim()),
    v.check((text: string) => !required || text !== '', 'required' satisfies MessageCode),
    v.maxLength<string, number, MessageCode>(max, 'tooLong'),
    ...rules.map(({ test, code }) => v.check((text: string) => text === '' || test(text), code)),
  )
  if (required) return v.optional(text, '')
  return v.optional(
    v.pipe(
      text,
      v.transform((text) => (text === '' ? undefined : text)),
    ),
  )
}

const companySize = v.pipe(
  v.optional(v.string('required' satisfies MessageCode), ''),
  v.picklist(companySizes, 'required' satisfies MessageCode),
)

// Where the lead came from: the visitor can neither see nor fix it, so its content is cleaned,
// never refused. The form cuts it to these lengths already; another client sending more learns
// which rule it broke.
const attribution = (max: number) =>
  v.optional(
    v.pipe(
      v.string('notText' satisfies MessageCode),
      v.transform(cleanMetadata),
      v.maxLength<string, number, MessageCode>(max, 'tooLong'),
    ),
  )

// Only asked whether it is empty, so nothing is removed that could make it so, and nothing in
// it is refused (it is cut instead): a bot that fills it gets a person's answer.
const honeypotText = v.optional(
  v.pipe(
    v.string('notText' satisfies MessageCode),
    v.transform((text) => wellFormed(text.trim().slice(0, honeypot.max))),
  ),
)

// The form's language, which the widget sends beside the attribution: not the visitor's to fix,
// but refused rather than cleaned, for only a client other than the widget can get it wrong. None
// is English: a widget from before languages had no other.
const formLanguage = v.optional(
  v.picklist(supportedLanguages, 'invalid' satisfies MessageCode),
  supportedLanguages[0],
)

const fieldSchema = (name: FormFieldName, required: boolean) =>
  name === 'companySize' ? companySize : typedText(name, required)

const requiredEntries = Object.fromEntries(
  requiredFieldNames.map((name) => [name, fieldSchema(name, true)]),
) as Record<RequiredFieldName, ReturnType<typeof fieldSchema>>

const attributionEntries = {
  ...Object.fromEntries(
    attributionFieldNames.map((name) => [name, attribution(leadField(name).max)]),
  ),
  [honeypot.name]: honeypotText,
}

// The types are written from the catalogue's names: valibot cannot infer through the loops.
/** A demo request as the form sends it: the four, and the contact fields the form has. */
export type DemoRequest = Record<Exclude<RequiredFieldName, 'companySize'>, string> & {
  companySize: CompanySize
} & Partial<Record<ContactFieldName, string>>
/** A whole submission: the request, where it came from, and the honeypot. */
export type DemoRequestSubmission = DemoRequest &
  Partial<Record<(typeof attributionFieldNames)[number] | typeof honeypot.name, string>> & {
    language?: Language
  }
export type DemoRequestField = RequiredFieldName
export type CompanySize = (typeof companySizes)[number]

/** One code per invalid field, the first rule each broke. */
export type FieldCodes = Partial<Record<string, MessageCode>>
/** One message per invalid field, the first rule each broke. */
export type FieldErrors = Partial<Record<string, string>>

export type Checked<T> = { success: true; output: T } | { success: false; codes: FieldCodes }
export type Validation<T> = { success: true; output: T } | { success: false; fields: FieldErrors }

function check<T>(schema: v.GenericSchema<unknown, T>, input: unknown): Checked<T> {
  // valibot's object() takes arrays; a request body never is one.
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { success: false, codes: { body: 'notAnObject' } }
  }
  const result = v.safeParse(schema, input)
  if (result.success) return { success: true, output: result.output }
  const codes: FieldCodes = {}
  for (const issue of result.issues) {
    codes[v.getDotPath(issue) ?? 'body'] ??= issue.message as MessageCode
  }
  return { success: false, codes }
}

const notCollected = v.optional(v.never('notCollected' satisfies MessageCode))

// Built once per form: the form validates on every keystroke once a message shows.
const schemas = new Map<string, v.GenericSchema<unknown, DemoRequestSubmission>>()

function schemaFor(kind: 'request' | 'submission', fields: FormFields) {
  const key = `${kind}:${formatFormFields(fields)}`
  let schema = schemas.get(key)
  if (!schema) {
    const entries: v.ObjectEntries = { ...requiredEntries }
    if (kind === 'submission') {
      // A contact field the form lacks is refused, not dropped: what a visitor typed into a
      // widget built with it would be lost without a word.
      for (const name of contactFieldNames) entries[name] = notCollected
      Object.assign(entries, attributionEntries, { language: formLanguage })
    }
    for (const { name, required } of fields) entries[name] = fieldSchema(name, required)
    schema = v.object(entries) as unknown as v.GenericSchema<unknown, DemoRequestSubmission>
    schemas.set(key, schema)
  }
  return schema
}

/**
 * The words of `code` for `field` in `copy`, as the form shows them to its visitor. The codes only
 * a client other than the form can meet stay English.
 */
export function visitorMessage(field: string, code: MessageCode, copy: FormCopy): string {
  if (field === 'language') return `Must be one of ${supportedLanguages.join(', ')}`
  const own = (copy.messages as Record<string, Partial<Record<MessageCode, string>>>)[field]
  const words = own?.[code] ?? (copy.anyField as Partial<Record<MessageCode, string>>)[code]
  if (words) return words
  if (code === 'notAnObject') return 'A demo request must be a JSON object'
  if (code === 'notText') return 'Must be text'
  if (code === 'tooLong' && field in attributionEntries) {
    return `Must be at most ${leadField(field as (typeof attributionFieldNames)[number]).max} characters`
  }
  return code
}

/**
 * The function's English reply for `code` on `field`: the visitor's words, but for a field the
 * function does not collect, what the developer must change (the form logs the reply; its visitor
 * reads `visitorMessage`, so the widget carries none of this).
 */
export function fieldMessage(field: string, code: MessageCode, copy: FormCopy = formCopy): string {
  if (code !== 'notCollected') return visitorMessage(field, code, copy)
  return `This form does not collect ${field}: list it in ${fieldsSetting} where the function runs, or build the widget without it`
}

const inWords = <T>(checked: Checked<T>): Validation<T> =>
  checked.success
    ? checked
    : {
        success: false,
        fields: Object.fromEntries(
          Object.entries(checked.codes).map(([field, code]) => [
            field,
            fieldMessage(field, code as MessageCode),
          ]),
        ),
      }

/**
 * Checks the fields a visitor fills in, as the form does before sending: the four, and the
 * contact fields of `fields` (none by default, as docs/requirements.md#fields has it). Codes,
 * for the form to put in words when it renders.
 */
export function checkDemoRequest(input: unknown, fields: FormFields = []): Checked<DemoRequest> {
  return check(schemaFor('request', fields), input) as Checked<DemoRequest>
}

/** As `checkDemoRequest`, with each failure in English: one message per invalid field. */
export function validateDemoRequest(
  input: unknown,
  fields: FormFields = [],
): Validation<DemoRequest> {
  return inWords(checkDemoRequest(input, fields))
}

/**
 * Checks a whole submission, as the function does on arrival, for a form with `fields`. A
 * contact field the form lacks is refused. Codes, which the function replies with beside their
 * English words (`fieldMessage`), for a form in another language to word them.
 */
export function checkSubmission(
  input: unknown,
  fields: FormFields = [],
): Checked<DemoRequestSubmission> {
  return check(schemaFor('submission', fields), input)
}

/** As `checkSubmission`, with each failure in English: one message per invalid field. */
export function validateSubmission(
  input: unknown,
  fields: FormFields = [],
): Validation<DemoRequestSubmission> {
  return inWords(checkSubmission(input, fields))
}
