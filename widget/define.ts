import type { DemoRequestEventMap } from '../src/demo-request-events.ts'
import { DemoRequestElement } from './demo-request-element.ts'
import { tagName } from './element-api.ts'

// A page may load the script twice (a partner's tag manager and a hard-coded tag): define once.
if (!customElements.get(tagName)) customElements.define(tagName, DemoRequestElement)

export { DemoRequestElement }

type DemoRequestHTMLElement = HTMLElement & {
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
