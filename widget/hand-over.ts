/*
 * How the full widget takes over a `<demo-request>` the loader already defined. A tag can be
 * defined once, so the loader's small class stays the element's class for good; the full script
 * finds it with `customElements.get` and hands it a function that mounts the React form into
 * each element's existing shadow root. No global variable is involved, and a full script loaded
 * without the loader defines the element itself. The loader keeps only what must work before
 * React arrives; reading attributes, rendering and unmounting live in the full script.
 */
import type { FunctionsInvoker } from '../src/submission/functions-client.ts'
import type { DemoRequestElement } from './demo-request-element.ts'

/** The loader's element, as the full widget sees it. */
export type LoaderElement = HTMLElement & { functions: FunctionsInvoker | undefined }

/** The React form of one element. */
export interface LiveForm {
  /**
   * Brings the form in line with the element: renders it from the element's attributes (which
   * it watches from then on) and `functions` property, or unmounts it once the element has left
   * the page.
   */
  update(): void
}

/** Mounts the React form into `root`, in place of the static form the loader painted there. */
export type MountLiveForm = (element: LoaderElement, root: ShadowRoot) => LiveForm

/** What the loader's element class offers the full widget, which gives it its methods. */
export interface TakesOver {
  prototype: Pick<DemoRequestElement, 'prefill' | 'reset'>
  takeOver(mount: MountLiveForm): void
}

export function takesOver(elementClass: unknown): elementClass is TakesOver {
  return typeof (elementClass as Partial<TakesOver> | undefined)?.takeOver === 'function'
}
