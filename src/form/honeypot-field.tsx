import { honeypot } from '#core/lead-fields.ts'
import { useCopy } from '../copy/form-language.ts'
import { formClasses } from './form-styles.ts'

/**
 * The field only a bot fills: hidden from people (`aria-hidden`, out of the tab order). The
 * function stores a lead that fills it as spam and tells no one (docs/form-behaviour.md).
 */
export function HoneypotField({ id }: { id: string }) {
  const classes = formClasses()
  const copy = useCopy()
  return (
    <div className={classes.honeypot} aria-hidden="true">
      <label htmlFor={`${id}-${honeypot.name}`}>{copy.honeypotLabel}</label>
      <input
        id={`${id}-${honeypot.name}`}
        name={honeypot.name}
        type="text"
        tabIndex={-1}
        autoComplete="off"
      />
    </div>
  )
}
