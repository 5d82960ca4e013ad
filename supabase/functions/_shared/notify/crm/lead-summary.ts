import { type LeadFieldName, leadField, leadFieldNames } from '#core/lead-fields.ts'
import type { LeadNotice, NoticeFieldName } from '../notifier.ts'

/**
 * The lead's answers that a CRM has no field of its own for, one "Label: value" line each, under
 * the sales email's labels and in its order (the catalogue's), so a new field reaches the CRM's
 * description without a change here. `mapped` are the fields the CRM stores in fields of its own.
 */
export function leadSummary(lead: LeadNotice, mapped: readonly LeadFieldName[]): string {
  return leadFieldNames
    .filter((name) => !mapped.includes(name))
    .flatMap((name) => {
      const label = leadField(name).email
      const value = label ? lead[name as NoticeFieldName] : null
      return label && value ? [`${label}: ${value}`] : []
    })
    .join('\n')
}
