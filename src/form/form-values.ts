/**
 * The form's values live in its controls, not in React state: what a field shows is what is
 * checked and sent, however it got there. Typing, autofill, a password manager's plain
 * `input.value = …` (which React's value tracking takes for no change) and a script that fires no
 * event at all each leave the value in the control, where these read it.
 */
import { formFieldNames, honeypot } from '#core/lead-fields.ts'

/** Every field and the honeypot empty, as reset() and a successful send leave the form. */
export const emptyValues: Partial<Record<string, string>> = Object.fromEntries(
  [...formFieldNames, honeypot.name].map((name) => [name, '']),
)

// Every control of the form has a name of its own: an input, a select or a textarea.
const control = (form: HTMLFormElement, name: string) =>
  form.elements.namedItem(name) as HTMLInputElement | null

/** What each of `names` shows in `form`; a name the form has no control for is left out. */
export function readFormValues<Name extends string>(
  form: HTMLFormElement,
  names: readonly Name[],
): Partial<Record<Name, string>> {
  const values: Partial<Record<Name, string>> = {}
  for (const name of names) {
    const found = control(form, name)
    if (found) values[name] = found.value
  }
  return values
}

/**
 * Puts each value in its control. Set through `value`, a control counts as changed by the visitor
 * (its dirty flag), so a value attribute written later (React's `defaultValue` on a re-render, a
 * script's `setAttribute`) no longer changes what it shows.
 */
export function writeFormValues(
  form: HTMLFormElement,
  values: Partial<Record<string, string>>,
): void {
  for (const [name, value] of Object.entries(values)) {
    const found = control(form, name)
    if (found && value !== undefined) found.value = value
  }
}
