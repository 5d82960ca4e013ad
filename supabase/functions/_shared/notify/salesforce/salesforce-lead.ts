import type { LeadFieldName } from '#core/lead-fields.ts'
import { leadSummary } from '../crm/lead-summary.ts'
import type { LeadNotice } from '../notifier.ts'

// The standard Lead fields the lead's answers go in, with the longest value each takes: a
// longer name or title is cut to fit, rather than the whole Lead refused.
const leadFields = {
  firstName: { field: 'FirstName', max: 40 },
  lastName: { field: 'LastName', max: 80 },
  companyName: { field: 'Company', max: 255 },
  email: { field: 'Email', max: 80 },
  phone: { field: 'Phone', max: 40 },
  role: { field: 'Title', max: 128 },
  source: { field: 'LeadSource', max: 255 },
} as const satisfies Partial<Record<LeadFieldName, { field: string; max: number }>>

type MappedField = keyof typeof leadFields

/**
 * The Lead's fields: the answers Salesforce has a field for (an empty answer left out, so it
 * clears nothing), and the rest as "Label: value" lines in `Description`, after `firstLine`
 * when there is one. An email too long for `Email` would be cut into another address, so it
 * goes in the description instead.
 */
export function leadRecord(lead: LeadNotice, firstLine?: string): Record<string, string> {
  const fields: Record<string, string> = {}
  const inFields: LeadFieldName[] = []
  for (const [name, { field, max }] of Object.entries(leadFields)) {
    const value = lead[name as MappedField]
    if (name === 'email' && value && value.length > max) continue
    inFields.push(name as MappedField)
    if (value) fields[field] = value.slice(0, max)
  }
  const summary = leadSummary(lead, inFields)
  const description = [firstLine, summary].filter(Boolean).join('\n\n')
  return { ...fields, ...(description ? { Description: description } : {}) }
}
