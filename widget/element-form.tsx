import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react'
import type { Language } from '#core/languages.ts'
import { arrivedCopy, loadCopy } from '../src/copy/load-copy.ts'
import { resolveLanguage, watchPageLanguage } from '../src/copy/page-language.ts'
import { DemoRequestForm } from '../src/form/demo-request-form.tsx'
import type {
  DemoRequestFormProps,
  DemoRequestValues,
} from '../src/form/demo-request-form-props.ts'
import { writeFormValues } from '../src/form/form-values.ts'

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

// The static form's controls: those in `nodes`, where the live form's may sit beside them.
const controlsIn = (nodes: ChildNode[]) =>
  nodes.flatMap((node) =>
    node instanceof Element ? [...node.querySelectorAll<Control>('input, select, textarea')] : [],
  )

function readStaticForm(
  container: Node | undefined,
  nodes = container instanceof ShadowRoot ? [...container.childNodes] : [],
): StaticFormState | undefined {
  if (!(container instanceof ShadowRoot) || nodes.length === 0) return undefined
  const controls = controlsIn(nodes)
  const values: Partial<DemoRequestValues> = {}
  for (const control of controls) {
    if (control.value) values[fieldOf(control) as keyof DemoRequestValues] = control.value
  }
  const focused = controls.find((control) => control === container.activeElement)
  return {
    nodes,
    values,
    focused: focused && fieldOf(focused),
    caret:
      focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement
        ? [focused.selectionStart, focused.selectionEnd]
        : undefined,
  }
}

// What changed in the static form between the first render's read and the commit's: each field
// whose value differs, an emptied one as ''.
function changedValues(before: StaticFormState, now: StaticFormState) {
  const changed: Partial<Record<string, string>> = {}
  for (const field of new Set([...Object.keys(before.values), ...Object.keys(now.values)])) {
    const value = now.values[field as keyof DemoRequestValues] ?? ''
    if (value !== (before.values[field as keyof DemoRequestValues] ?? '')) changed[field] = value
  }
  return changed
}

/**
 * The language the page asks the element to speak (page-language.ts), followed as the page
 * changes it: the element's `lang`, an ancestor's (past the shadow roots it sits in), `<html lang>`.
 * Read from the host, in the light DOM, where the page's attributes are.
 */
function usePageLanguage(container: Node | undefined): Language {
  const host = container instanceof ShadowRoot ? container.host : undefined
  const watch = useCallback((onChange: () => void) => watchPageLanguage(onChange, host), [host])
  return useSyncExternalStore(
    watch,
    () => (host ? resolveLanguage(host) : 'en'),
    () => 'en',
  )
}

/**
 * The page's language once its words have arrived. A change of language is rendered at once, and
 * a render that waited for words would hold every other update of the form with it (a click's,
 * a toast's): the form keeps its language, working, until the new one's words are fetched, then
 * renders again. The first render has no language yet: it passes the page's, and the form waits
 * for its words (form-language.ts), what the root shows (the static form) staying meanwhile.
 */
function useArrivedLanguage(wanted: Language): Language {
  const shown = useRef<Language>(undefined)
  const [, arrived] = useReducer((renders: number) => renders + 1, 0)
  const ready = arrivedCopy(wanted) !== undefined
  useEffect(() => {
    if (!ready) loadCopy(wanted).then(arrived)
  }, [wanted, ready])
  const language = ready || !shown.current ? wanted : shown.current
  useLayoutEffect(() => {
    shown.current = language
  })
  return language
}

/**
 * The form as `<demo-request>` renders it, on the site, on partner pages and alone: whatever its
 * shadow root already shows (the static form, prerendered or painted by the loader) stays there,
 * and takes input, while React renders the live form beside it, in slices if the render is a
 * transition (live-form.tsx, demo-request-element.ts). Its values give the first render its own;
 * in the commit's task, before any paint, the static form is read again (what was typed or set
 * while the render went on, the field in focus and its caret), the live form takes all of it, and
 * the static form leaves. Nothing typed is lost and nothing moves, since both forms are drawn by
 * the same component with the same CSS. It speaks the page's language.
 */
export function ElementForm({ container, ...props }: ElementFormProps) {
  const [before] = useState(() => readStaticForm(container))
  const language = useArrivedLanguage(usePageLanguage(container))

  useLayoutEffect(() => {
    if (!before) return
    const now = readStaticForm(container, before.nodes) ?? before
    for (const node of before.nodes) node.remove()
    const root = container as ShadowRoot
    const form = root.querySelector('form')
    if (form) writeFormValues(form, changedValues(before, now))
    const live = now.focused && root.querySelector<Control>(`form [name="${now.focused}"]`)
    if (!live) return
    live.focus({ preventScroll: true })
    if (!(live instanceof HTMLSelectElement) && now.caret) live.setSelectionRange(...now.caret)
  }, [before, container])

  return <DemoRequestForm {...props} language={language} initialValues={before?.values} />
}
