// What a test reads of the element's form from inside the page, through Playwright's evaluate or
// WebDriver's execute: each function is sent as source, so it stands alone, with no imports.

/**
 * Whether the live form alone shows: its controls have names, while the static form is marked
 * (the site's) or has controls without names (the loader's).
 */
export function liveFormShown(): boolean {
  const root = document.querySelector('demo-request')?.shadowRoot
  return (
    !!root?.querySelector('form [name="firstName"]') &&
    !root.querySelector('[data-static-form], input:not([name])')
  )
}

/** What the live form holds in the names, and where the focus and the caret are. */
export function liveFormState() {
  const root = document.querySelector('demo-request')?.shadowRoot
  const value = (name: string) =>
    root?.querySelector<HTMLInputElement>(`form [name="${name}"]`)?.value
  const focused = root?.activeElement as HTMLInputElement | null
  return {
    firstName: value('firstName'),
    lastName: value('lastName'),
    focused: focused?.name,
    caret: [focused?.selectionStart, focused?.selectionEnd],
  }
}

/** The state a visitor who typed "Ada", then "Love", leaves once the live form holds it. */
export const typedAtOnce = {
  firstName: 'Ada',
  lastName: 'Love',
  focused: 'lastName',
  caret: [4, 4],
}
