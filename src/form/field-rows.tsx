import type { FormFields } from '#core/contact-fields.ts'
import { type FormFieldName, formFieldNames, leadField } from '#core/lead-fields.ts'
import { FormField } from './form-field.tsx'
import { formClasses } from './form-styles.ts'
import type { FieldIssues } from './use-field-issues.ts'

type ShownField = { name: FormFieldName; required: boolean }

export interface FieldRowsProps {
  /** The form's id; each control's is `${id}-${name}`. */
  id: string
  fields: FormFields
  /** What each control shows when it first renders (form-field.tsx). */
  firstValues: Partial<Record<FormFieldName, string>>
  issues: FieldIssues
}

// The four always; a contact field when the form has it, its label saying when it may stay empty.
// Fields naming the same row sit side by side; the others each take a row of their own.
function rowsOf(fields: FormFields): ShownField[][] {
  const rows: ShownField[][] = []
  for (const name of formFieldNames) {
    const setting = fields.find((field) => field.name === name)
    const place = leadField(name).form
    const always = place?.presence === 'always'
    if (!always && !setting) continue
    const field = { name, required: always || Boolean(setting?.required) }
    const last = rows.at(-1)
    if (place?.row && last && leadField(last[0]?.name ?? name).form?.row === place.row) {
      last.push(field)
    } else rows.push([field])
  }
  return rows
}

/** The form's fields in the catalogue's order, in rows, each drawn by `FormField`. */
export function FieldRows({ id, fields, firstValues, issues }: FieldRowsProps) {
  const classes = formClasses()
  const field = ({ name, required }: ShownField) => (
    <FormField
      key={name}
      id={`${id}-${name}`}
      name={name}
      required={required}
      initialValue={firstValues[name]}
      issue={issues[name]}
    />
  )
  return rowsOf(fields).map((row) =>
    row.length > 1 ? (
      <div className={classes.row} key={row.map(({ name }) => name).join()}>
        {row.map(field)}
      </div>
    ) : (
      row.map(field)
    ),
  )
}
