import type { FormFields } from '#core/contact-fields.ts'
import {
  companySizes,
  type FormFieldName,
  leadField,
  requiredFieldNames,
} from '#core/lead-fields.ts'
import { cleanText, cutToLimit } from '#core/text-hygiene.ts'

/** What a host page may hand `prefill()`: any of the four fields, and the form's contact fields. */
export type DemoRequestPrefill = Partial<Record<FormFieldName, string>>

const sizes: readonly string[] = companySizes

/**
 * What `prefill()` puts in the form: text cleaned as the schema cleans it and cut to the
 * field's limit, as typing could not exceed it. Throws, applying nothing, for anything a page
 * could only have meant by mistake: a wrong shape, a field the form lacks (`fields` are its
 * contact fields), a size not offered.
 */
export function prefillValues(input: unknown, fields: FormFields = []): DemoRequestPrefill {
  const names: string[] = [...requiredFieldNames, ...fields.map(({ name }) => name)]
  const usage = `prefill() takes { ${names.join(', ')} }`
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new TypeError(`${usage}; got ${input === null ? 'null' : typeof input}`)
  }
  const values: DemoRequestPrefill = {}
  for (const [field, value] of Object.entries(input)) {
    if (value === undefined) continue
    if (!names.includes(field)) throw new TypeError(`${usage}; "${field}" is not one of them`)
    if (typeof value !== 'string') throw new TypeError(`prefill(): ${field} must be a string`)
    if (field === 'companySize') {
      if (value !== '' && !sizes.includes(value)) {
        throw new RangeError(
          `prefill(): companySize must be one of ${sizes.map((size) => `"${size}"`).join(', ')}; got "${value}"`,
        )
      }
      values.companySize = value
    } else {
      values[field as keyof DemoRequestPrefill] = cutToLimit(
        cleanText(value).trim(),
        leadField(field as FormFieldName).max,
      )
    }
  }
  return values
}
