import {
  type DemoRequestEventMap,
  type DemoRequestEventName,
  dispatchDemoRequestEvent,
} from './demo-request-events.ts'

/** The element when the form is in its shadow root, else the form's own root. */
export function formHost(root: HTMLElement | null): Element {
  const node = root?.getRootNode()
  return node instanceof ShadowRoot ? node.host : (root as HTMLElement)
}

/**
 * Dispatches one of the element's events for the form whose root is `root`: from its host, so
 * that it leaves the shadow root from the element a page listens on. Nothing before it mounted.
 */
export function emitFormEvent<Name extends DemoRequestEventName>(
  root: HTMLElement | null,
  name: Name,
  detail: DemoRequestEventMap[Name]['detail'],
): void {
  if (root) dispatchDemoRequestEvent(formHost(root), name, detail)
}
