import { startTransition } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import type { DemoRequestFormProps } from '../src/form/demo-request-form-props.ts'
import type { FunctionsInvoker } from '../src/submission/functions-client.ts'
import { attributeProps } from './element-attributes.ts'
import { ElementForm } from './element-form.tsx'
import type { LiveForm, LoaderElement } from './hand-over.ts'

function propsOf(element: LoaderElement): DemoRequestFormProps {
  const props: DemoRequestFormProps = { functions: element.functions }
  for (const { name, prop } of attributeProps) props[prop] = element.getAttribute(name) || undefined
  return props
}

const liveForms = new WeakMap<LoaderElement, LiveForm>()
const functionsClients = new WeakMap<LoaderElement, FunctionsInvoker | undefined>()

/**
 * The `functions` property of the loader's element, which the loader leaves to the full widget to
 * spare its bytes: a Functions client to call instead of one built from the attributes. Setting it
 * renders the form again.
 */
export const functionsProperty: PropertyDescriptor & ThisType<LoaderElement> = {
  configurable: true,
  get() {
    return functionsClients.get(this)
  },
  set(value: FunctionsInvoker | undefined) {
    functionsClients.set(this, value)
    liveForms.get(this)?.update()
  },
}

/**
 * Mounts the React form into the loader's element, where the loader painted the static form: the
 * same component, and so the same hand-over, as the element r2wc makes (demo-request-element.ts).
 */
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
      const next = <ElementForm {...propsOf(element)} container={root} />
      // Every render a transition, which React slices, yielding to the page between slices: the
      // first (the take-over) would otherwise hold a phone's main thread for 100 ms or more. The
      // static form takes input meanwhile; the commit carries it over (element-form.tsx). A
      // render of another priority in between would render the whole form again in one go.
      const mounted = reactRoot
      const target = mounted ?? createRoot(root)
      reactRoot = target
      startTransition(() => target.render(next))
      if (mounted) return
      // A page may have set `functions` before the full widget brought its accessor: an own
      // property that hides it. Moved behind it, a later set renders the form again.
      if (Object.hasOwn(element, 'functions')) {
        const value = element.functions
        delete (element as Partial<LoaderElement>).functions
        element.functions = value
      }
      attributes.observe(element, {
        attributeFilter: attributeProps.map(({ name }) => name),
      })
    },
  }
  liveForms.set(element, form)
  return form
}
