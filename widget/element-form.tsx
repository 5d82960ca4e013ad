import { useLayoutEffect, useState, useSyncExternalStore } from 'react'
import type { Language } from '../src/copy/languages.ts'
import { resolveLanguage, watchPageLanguage } from '../src/copy/page-language.ts'
import { DemoRequestForm } from '../src/form/demo-request-form.tsx'
import type {
  DemoRequestFormProps,
  DemoRequestValues,
} from '../src/form/demo-request-form-props.ts'

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

/** What the element renders: the form, and the root it renders into. */
export type ElementFormProps = DemoRequestFormProps & {
  /** The element's shadow root (r2wc's `container`), which may hold the static form. */
  container?: Node
}

/** What the visitor did in the static form: the values, the field in focus and its caret. */
interface StaticFormState {
  nodes: ChildNode[]
  values: Partial<DemoRequestValues>
  focused?: string
  caret?: readonly [number | null, number | null]
}

// Each static control is named for its field, by name or (the loader's, for bytes) by id.
const fieldOf = (control: Control) => control.name || control.id

function readStaticForm(container: Node | undefined): StaticFormState | undefined {
  if (!(container instanceof ShadowRoot) || !container.firstChild) return undefined
  const controls = [...container.querySelectorAll<Control>('input, select, textarea')]
  const values: Partial<DemoRequestValues> = {}
  for (const control of controls) {
    if (control.value) values[fieldOf(control) as keyof DemoRequestValues] = control.value
  }
  const focused = controls.find((control) => control === container.activeElement)
  return {
    nodes: [...container.childNodes],
    values,
    focused: focused && fieldOf(focused),
    caret:
      focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement
        ? [focused.selectionStart, focused.selectionEnd]
        : undefined,
  }
}

/**
 * The language the page asks the element to speak (page-language.ts), followed as the page
 * changes it: the element's `lang`, an ancestor's, `<html lang>`. Read from the host, in the
 * light DOM, where the page's attributes are.
 */
function usePageLanguage(container: Node | undefined): Language {
  const host = container instanceof ShadowRoot ? container.host : undefined
  return useSyncExternalStore(
    watchPageLanguage,
    () => (host ? resolveLanguage(host) : 'en'),
    () => 'en',
  )
}

/**
 * The form as `<demo-request>` renders it, on the site, on partner pages and alone: whatever its
 * shadow root already shows (the static form, prerendered or painted by the loader) is read on
 * the first render, and leaves in the same commit, before any paint, once the live form holds
 * its values and the focus with the caret where it was. Nothing typed is lost and nothing moves,
 * since both forms are drawn by the same component with the same CSS. It speaks the page's language.
 */
export function ElementForm({ container, ...props }: ElementFormProps) {
  // Read as React renders, which it does in the task that commits: no key falls in between.
  const [before] = useState(() => readStaticForm(container))
  const language = usePageLanguage(container)

  useLayoutEffect(() => {
    if (!before) return
    for (const node of before.nodes) node.remove()
    const live =
      before.focused &&
      (container as ShadowRoot).querySelector<Control>(`form [name="${before.focused}"]`)
    if (!live) return
    live.focus({ preventScroll: true })
    if (!(live instanceof HTMLSelectElement) && before.caret)
      live.setSelectionRange(...before.caret)
  }, [before, container])

  return <DemoRequestForm {...props} language={language} initialValues={before?.values} />
}
