import r2wc from '@r2wc/react-to-web-component'
import { startTransition } from 'react'
import type { DemoRequestPrefill } from '../src/form/prefill-values.ts'
import type { FunctionsInvoker } from '../src/submission/functions-client.ts'
import { tagName } from './element-api.ts'
import { ElementForm } from './element-form.tsx'
import { elementMethods } from './element-methods.ts'
import { HTMLElementBase } from './html-element-base.ts'

type R2wcElement = HTMLElement & { connectedCallback(): void; disconnectedCallback(): void }

// r2wc's class extends HTMLElement as it is made: on a server, where there is none, make none.
const ReactElement = (HTMLElementBase &&
  r2wc(ElementForm, {
    shadow: 'open',
    props: {
      supabaseUrl: 'string',
      publishableKey: 'string',
      anonKey: 'string',
      source: 'string',
      analytics: 'string',
      privacyUrl: 'string',
      // A type r2wc has no transform for: it keeps the object as set, renders again, and never
      // reads it from an attribute. A property only.
      functions: 'object' as 'json',
    },
  })) as unknown as new () => R2wcElement

/**
 * The `<demo-request>` element: the form in an open shadow root. Attributes `supabase-url`,
 * `publishable-key` (or `anon-key`), `source`, `analytics` and `privacy-url` map to the form's props, the
 * `functions` property to its Functions client. Defining the class registers nothing;
 * `define()` does.
 */
export class DemoRequestElement extends ReactElement {
  declare functions: FunctionsInvoker | undefined

  /**
   * Fills the given fields (the four, and the contact fields the build gave the form), cleaned
   * and cut to their limits as typed text is. Throws a TypeError for an unknown field or a non-string value and a RangeError for a company size
   * not offered, applying nothing. Called before `demo-request-ready`, it is applied then.
   */
  prefill(values: DemoRequestPrefill): void {
    elementMethods.prefill.call(this, values)
  }

  /**
   * Empties every field and removes the messages and the toast. Called before
   * `demo-request-ready`, it is applied then, in order with `prefill()`.
   */
  reset(): void {
    elementMethods.reset.call(this)
  }

  /** Registers the element as `tag`, unless that tag is taken: a page may load it twice. */
  static define(tag: string = tagName): void {
    // biome-ignore lint/complexity/noThisInStatic: a subclass defines itself, not this class
    if (!customElements.get(tag)) customElements.define(tag, this)
  }

  // A shadow root the HTML parser attached (declarative shadow DOM, the prerendered form) is kept
  // as it is, where attachShadow would empty it: the form's first render takes over what it
  // shows and what the visitor typed there (element-form.tsx), as on a loader's element.
  override attachShadow(init: ShadowRootInit): ShadowRoot {
    return this.shadowRoot ?? super.attachShadow(init)
  }

  // The first render, which takes the static form over, as a transition: React slices it and
  // yields to the page between slices, where one task would hold a phone's main thread for
  // 100 ms or more (element-form.tsx carries over what the static form took meanwhile).
  override connectedCallback(): void {
    startTransition(() => super.connectedCallback())
  }

  // A host page's own React may remove the element in the middle of its render, where React
  // forbids unmounting another root; wait for that render to end. A move (removed, then added
  // back at once) keeps the form and what the visitor typed.
  override disconnectedCallback(): void {
    queueMicrotask(() => {
      if (!this.isConnected) super.disconnectedCallback()
    })
  }
}
