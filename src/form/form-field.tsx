import { type MessageCode, visitorMessage } from '#core/demo-request-schema.ts'
import { companySizes, type FormFieldName, leadField } from '#core/lead-fields.ts'
import { useCopy } from '../copy/form-language.ts'
import { formClasses } from './form-styles.ts'

/** A rule's code, put in words when shown; or the function's own words, when it refused a field. */
export type FieldIssue = MessageCode | { text: string }

export interface FormFieldProps {
  /** The control's id; its message's is `${id}-error`. */
  id: string
  name: FormFieldName
  /** Whether the form must have it: a contact field's label says when it may stay empty. */
  required: boolean
  /** What the control shows when it first renders; from then on the control holds its value. */
  initialValue?: string
  issue?: FieldIssue
}

/**
 * One field of the form: its label, its control and the message beside it. The control is
 * uncontrolled (`defaultValue`): React never writes its value after the first render, so nothing
 * a re-render does can blank what the visitor, autofill or a script put in it (form-values.ts).
 */
export function FormField({ id, name, required, initialValue = '', issue }: FormFieldProps) {
  const classes = formClasses()
  const place = leadField(name).form
  const words = useCopy()
  const copy = words.fields[name]
  const optional = place?.presence === 'setting' && !required
  const common = {
    id,
    name,
    defaultValue: initialValue,
    ...(issue
      ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` }
      : { 'aria-invalid': false }),
  }
  const text = {
    part: 'input',
    placeholder: copy.placeholder,
    maxLength: leadField(name).max,
    ...common,
  }
  return (
    <div className={classes.field}>
      <label className={classes.label} htmlFor={id} part="label">
        {optional ? `${copy.label} ${words.optional}` : copy.label}
      </label>
      {place?.control === 'select' ? (
        <div className={classes.selectBox}>
          <select
            className={`${classes.control} ${classes.select}`}
            part="select"
            required
            {...common}
          >
            <option value="">{copy.placeholder}</option>
            {companySizes.map((size) => (
              <option key={size} value={size}>
                {words.companySizes[size]}
              </option>
            ))}
          </select>
        </div>
      ) : place?.control === 'textarea' ? (
        <textarea className={`${classes.control} ${classes.textarea}`} {...text} />
      ) : (
        <input
          className={classes.control}
          type="text"
          autoComplete={place?.autocomplete}
          inputMode={place?.inputmode}
          {...text}
        />
      )}
      {issue && (
        <p className={classes.error} id={`${id}-error`} data-error-for={name} part="error">
          {typeof issue === 'string' ? visitorMessage(name, issue, words) : issue.text}
        </p>
      )}
    </div>
  )
}
