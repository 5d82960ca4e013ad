import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test'
import type { DemoRequestField } from '#core/demo-request-schema.ts'
import { formCopy } from '#core/form-copy.ts'
import { requiredFieldNames } from '#core/lead-fields.ts'
import type { DemoRequestValues } from '../src/form/demo-request-form-props.ts'

// Steps the play functions share, for the form in the document and inside the element's
// shadow root alike. Every name they look for comes from formCopy.

export const fields: DemoRequestField[] = [...requiredFieldNames]

// The element that holds the form: the canvas, or the form's root inside the element's shadow.
type Root = HTMLElement

function queries(root: Root) {
  return within(root)
}

export function control(root: Root, field: DemoRequestField): HTMLInputElement | HTMLSelectElement {
  return queries(root).getByLabelText(formCopy.fields[field].label)
}

export function submitButton(root: Root): Promise<HTMLElement> {
  return queries(root).findByRole('button', { name: formCopy.submit })
}

/** Types each text value and picks the size, as a visitor would. */
export async function fillIn(root: Root, values: DemoRequestValues): Promise<void> {
  const { companySize, ...text } = values
  // user-event readies an input for typing when the document sees it gain focus, but from
  // the document a focus inside a shadow root is the host's: React never sees what it types.
  // There the value is set at once, the way Testing Library's fireEvent reaches React.
  const inShadow = root.getRootNode() instanceof ShadowRoot
  for (const [field, value] of Object.entries(text)) {
    const input = control(root, field as DemoRequestField)
    if (inShadow) await fireEvent.input(input, { target: { value } })
    else await userEvent.type(input, value)
  }
  await userEvent.selectOptions(control(root, 'companySize'), companySize)
}

export async function submit(root: Root): Promise<void> {
  await userEvent.click(await submitButton(root))
}

export function expectValues(root: Root, values: DemoRequestValues): void {
  for (const field of fields) expect(control(root, field)).toHaveValue(values[field])
}

/** Exactly the messages of `invalid` show, each tied to its field. */
export function expectMessages(root: Root, invalid: DemoRequestField[]): void {
  for (const field of fields) {
    const message = queries(root).queryByText(formCopy.messages[field].required)
    if (invalid.includes(field)) {
      expect(message).toBeVisible()
      expect(control(root, field)).toHaveAttribute('aria-invalid', 'true')
      expect(control(root, field)).toHaveAccessibleDescription(formCopy.messages[field].required)
    } else {
      expect(message).toBeNull()
      expect(control(root, field)).toHaveAttribute('aria-invalid', 'false')
    }
  }
}

/** Waits for the toast and checks its variant and text. */
export async function expectToast(
  root: Root,
  variant: 'default' | 'destructive',
  copy: { title: string; description: string },
): Promise<void> {
  const title = await queries(root).findByText(copy.title, {}, { timeout: 3000 })
  const toast = title.closest('[data-toast]')
  expect(toast).toHaveAttribute('data-toast', variant)
  expect(toast).toHaveTextContent(copy.description)
  expect(queries(root).getByRole('status')).toContainElement(title)
  // The toast fades in; axe runs after the play function and would measure the contrast of a
  // half-transparent toast, so the story ends once it has settled.
  await waitFor(() => expect(getComputedStyle(toast as Element).opacity).toBe('1'))
}
