import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import {
  DemoRequestForm,
  type DemoRequestFormProps,
  type DemoRequestValues,
} from '../src/demo-request-form.tsx'
import { elementAttributes } from './element-api.ts'
import type { LiveForm, LoaderElement } from './hand-over.ts'

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

function propsOf(element: LoaderElement): DemoRequestFormProps {
  const props: DemoRequestFormProps = { functions: element.functions }
  for (const { name, prop } of elementAttributes)
    props[prop] = element.getAttribute(name) || undefined
  return props
}

// What the visitor did in the static form before the script arrived: the values, and the field
// they are in with the caret where it is.
function readStaticForm(root: ShadowRoot, staticForm: Element) {
  // Each control's id is its field's name (src/static-form.ts, interactive).
  const controls = [...staticForm.querySelectorAll<Control>('input, select, textarea')]
  const values: Partial<DemoRequestValues> = {}
  for (const control of controls) {
    if (control.value) values[control.id as keyof DemoRequestValues] = control.value
  }
  const focused = controls.find((control) => control === root.activeElement)
  const caret =
    focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement
      ? ([focused.selectionStart, focused.selectionEnd] as const)
      : undefined
  return { values, focused: focused?.id, caret }
}

// The first render is synchronous, and the static form leaves in the same task once the live
// form holds its values and the focus: no frame shows both or neither, and nothing moves, since
// both forms use the same class names and CSS.
function takeOverStaticForm(root: ShadowRoot, reactRoot: Root, props: DemoRequestFormProps) {
  // The loader's static form is all the shadow root holds (loader-build.ts drops its marker).
  const staticForm = root.firstElementChild
  const before = staticForm && readStaticForm(root, staticForm)
  flushSync(() => reactRoot.render(<DemoRequestForm {...props} initialValues={before?.values} />))
  if (!staticForm) return
  const live = [...root.querySelectorAll<Control>(`[name="${before?.focused}"]`)].find(
    (control) => !staticForm.contains(control),
  )
  if (live) {
    // Both forms are in the page for this moment, the live one below: focus must not scroll to it.
    live.focus({ preventScroll: true })
    if (!(live instanceof HTMLSelectElement) && before?.caret)
      live.setSelectionRange(...before.caret)
  }
  staticForm.remove()
}

/** Mounts the React form into the loader's element, where the loader painted the static form. */
export function mountLiveForm(element: LoaderElement, root: ShadowRoot): LiveForm {
  let reactRoot: Root | undefined
  // The loader observes only what its static form shows; the element's attributes are read here.
  const attributes = new MutationObserver(() => form.update())
  const form: LiveForm = {
    update() {
      if (!element.isConnected) {
        // As the r2wc element does: a host page's React may remove the element mid-render, and a
        // move (removed, then added back at once) keeps the form and what the visitor typed.
        queueMicrotask(() => {
          if (element.isConnected || !reactRoot) return
          attributes.disconnect()
          reactRoot.unmount()
          reactRoot = undefined
        })
        return
      }
      if (reactRoot) {
        reactRoot.render(<DemoRequestForm {...propsOf(element)} />)
        return
      }
      reactRoot = createRoot(root)
      takeOverStaticForm(root, reactRoot, propsOf(element))
      // A page may have set `functions` before the loader defined the element: an own property
      // that hides the loader's accessor. Moved behind it, a later set renders the form again.
      if (Object.hasOwn(element, 'functions')) {
        const value = element.functions
        delete (element as Partial<LoaderElement>).functions
        element.functions = value
      }
      attributes.observe(element, {
        attributeFilter: elementAttributes.map(({ name }) => name),
      })
    },
  }
  return form
}
