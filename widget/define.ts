import type { DemoRequestEventMap } from '../src/demo-request-events.ts'
import type { DemoRequestPrefill } from '../src/prefill-values.ts'
import type { FunctionsInvoker } from '../src/send-demo-request.ts'
import { DemoRequestElement } from './demo-request-element.ts'

// A page may load the script twice (a partner's tag manager and a hard-coded tag): define once.
DemoRequestElement.define()

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
