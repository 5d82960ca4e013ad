import type { DemoRequestEventMap } from '../src/form/demo-request-events.ts'
import type { DemoRequestPrefill } from '../src/form/prefill-values.ts'
import type { FunctionsInvoker } from '../src/submission/functions-client.ts'
import { DemoRequestElement } from './demo-request-element.ts'
import { tagName } from './element-api.ts'
import { takesOver } from './hand-over.ts'
import { handOver } from './hand-over-form.ts'

// On a page that has the loader (demo-request-loader.js) too, this script hands the React form to
// the element the loader defined, as the full widget the loader fetches does (full-widget.ts);
// alone, it defines the element itself. A page may load it twice
// (a partner's tag manager and a hard-coded tag): define once. A server rendering the host's
// page (Next.js renders client components there too) has no registry: there it does nothing.
if (typeof customElements !== 'undefined') {
  const defined = customElements.get(tagName)
  if (takesOver(defined)) handOver(defined)
  else DemoRequestElement.define()
}

export { DemoRequestElement }

/** `<demo-request>` as the DOM types it: `document.querySelector('demo-request')` and the like. */
export type DemoRequestHTMLElement = HTMLElement & {
  /** A Functions client to call instead of one built from the attributes. */
  functions: FunctionsInvoker | undefined
  /** Fills the given fields; calls before `demo-request-ready` wait and are applied then. */
  prefill(values: DemoRequestPrefill): void
  /** Empties every field and removes the messages and the toast. */
  reset(): void
  addEventListener<Name extends keyof DemoRequestEventMap>(
    type: Name,
    listener: (this: HTMLElement, event: DemoRequestEventMap[Name]) => void,
    options?: boolean | AddEventListenerOptions,
  ): void
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void
}

declare global {
  interface HTMLElementTagNameMap {
    'demo-request': DemoRequestHTMLElement
  }
  interface HTMLElementEventMap extends DemoRequestEventMap {}
}
