import { type Dispatch, type RefObject, type SetStateAction, useEffect, useState } from 'react'
import type { FormFields } from '#core/contact-fields.ts'
import { checkDemoRequest } from '#core/demo-request-schema.ts'
import { formFieldNames } from '#core/lead-fields.ts'
import type { FieldIssue } from './form-field.tsx'
import { readFormValues } from './form-values.ts'

/** The message each field shows, by field name; none for a field without one. */
export type FieldIssues = Partial<Record<string, FieldIssue>>

/**
 * The messages beside the fields. A message, once shown, follows the value, however it changed:
 * typed, autofilled, or set by a script with an event. Not React's onChange, which a plain
 * `input.value = …` never reaches.
 */
export function useFieldIssues(
  form: RefObject<HTMLFormElement | null>,
  fields: FormFields,
): [FieldIssues, Dispatch<SetStateAction<FieldIssues>>] {
  const [issues, setIssues] = useState<FieldIssues>({})
  useEffect(() => {
    const shown = form.current
    if (!shown) return
    function follow(event: Event) {
      const field = (event.target as HTMLInputElement).name
      const result = checkDemoRequest(
        readFormValues(shown as HTMLFormElement, formFieldNames),
        fields,
      )
      const issue = result.success ? undefined : result.codes[field]
      setIssues((current) => (current[field] ? { ...current, [field]: issue } : current))
    }
    shown.addEventListener('input', follow)
    shown.addEventListener('change', follow)
    return () => {
      shown.removeEventListener('input', follow)
      shown.removeEventListener('change', follow)
    }
  }, [form, fields])
  return [issues, setIssues]
}
