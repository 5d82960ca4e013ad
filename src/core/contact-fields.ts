/**
 * The contact fields a deployer may add to the four (docs/requirements.md#contact-fields), and the one setting that
 * turns them on, `DEMO_REQUEST_FIELDS` (`email,phone?`: a trailing `?` makes a field optional).
 * The build reads it for the widget and the site, the function from its environment; both parse
 * it here. The function uploads it under Deno.
 */
import { type ContactFieldName, contactFieldNames } from './lead-fields.ts'

export type ContactField = ContactFieldName

/** One contact field of a form, and whether the visitor must fill it in. */
interface ContactFieldSetting {
  name: ContactField
  required: boolean
}

/** The contact fields of a form, in catalogue order; empty for the four alone (docs/requirements.md#fields). */
export type FormFields = readonly ContactFieldSetting[]

/** The setting's name, as every message about it spells it. */
export const fieldsSetting = 'DEMO_REQUEST_FIELDS'

const isContactField = (name: string): name is ContactField =>
  (contactFieldNames as readonly string[]).includes(name)

/**
 * The fields `value` names. Unset or empty means none. Throws, naming the setting, for a name
 * outside the catalogue or a field named twice: a typo must stop the build or the function at
 * start, not drop a field.
 */
export function parseFormFields(value: string | undefined): FormFields {
  const given = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
  const fields = new Map<ContactField, ContactFieldSetting>()
  for (const item of given) {
    const name = item.endsWith('?') ? item.slice(0, -1).trim() : item
    if (!isContactField(name)) {
      throw new Error(
        `${fieldsSetting}: "${name}" is not a field the form offers; use ${contactFieldNames.join(', ')}, each optional with a trailing ?`,
      )
    }
    if (fields.has(name)) throw new Error(`${fieldsSetting}: "${name}" is named twice`)
    fields.set(name, { name, required: !item.endsWith('?') })
  }
  return contactFieldNames.flatMap((name) => fields.get(name) ?? [])
}

/** The setting's value for `fields`, in catalogue order: equal forms give equal strings. */
export function formatFormFields(fields: FormFields): string {
  return fields.map(({ name, required }) => (required ? name : `${name}?`)).join(',')
}
