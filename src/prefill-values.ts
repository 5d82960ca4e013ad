import { fieldLimits } from './demo-request-limits.ts'
import type { DemoRequestField } from './demo-request-schema.ts'
import { companySizes } from './form-copy.ts'
import { cleanText } from './text-hygiene.ts'

/** What a host page may hand `prefill()`: any of the four fields. */
export type DemoRequestPrefill = Partial<Record<DemoRequestField, string>>

const fields: readonly string[] = ['firstName', 'lastName', 'companyName', 'companySize']
const sizes: readonly string[] = companySizes
const usage = 'prefill() takes { firstName, lastName, companyName, companySize }'

/**
 * What `prefill()` puts in the form: names cleaned as the schema cleans them and cut to the
 * field's limit, as typing could not exceed it. Throws, applying nothing, for anything a page
 * could only have meant by mistake: a wrong shape, an unknown field, a size not offered.
 */
export function prefillValues(input: unknown): DemoRequestPrefill {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new TypeError(`${usage}; got ${input === null ? 'null' : typeof input}`)
  }
  const values: DemoRequestPrefill = {}
  for (const [field, value] of Object.entries(input)) {
    if (value === undefined) continue
    if (!fields.includes(field)) throw new TypeError(`${usage}; "${field}" is not one of them`)
    if (typeof value !== 'string') throw new TypeError(`prefill(): ${field} must be a string`)
    if (field === 'companySize') {
      if (value !== '' && !sizes.includes(value)) {
        throw new RangeError(
          `prefill(): companySize must be one of ${sizes.map((size) => `"${size}"`).join(', ')}; got "${value}"`,
        )
      }
      values.companySize = value
    } else {
      const limit = fieldLimits[field as keyof typeof fieldLimits]
      values[field as keyof typeof fieldLimits] = cutToLimit(cleanText(value).trim(), limit)
    }
  }
  return values
}

// Cut without splitting a surrogate pair.
function cutToLimit(text: string, max: number): string {
  const cut = text.slice(0, max)
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut
}
