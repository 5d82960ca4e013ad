import type { DemoRequestPrefill } from './prefill-values.ts'

/** What the element's methods reach in its mounted form. */
export interface FormHandle {
  prefill(values: DemoRequestPrefill): void
  reset(): void
}

// Keyed by the element: r2wc hands the form only props, and these are not props but calls.
const handles = new WeakMap<Element, FormHandle>()
const waiting = new WeakMap<Element, Array<(form: FormHandle) => void>>()
const readied = new WeakSet<Element>()

/**
 * Runs `call` on the form of `host` now if one is mounted, else as soon as one is, in the order
 * the calls were made.
 */
export function withForm(host: Element, call: (form: FormHandle) => void): void {
  const handle = handles.get(host)
  if (handle) call(handle)
  else waiting.set(host, [...(waiting.get(host) ?? []), call])
}

/**
 * Makes a mounted form the one `host`'s calls reach, and runs the calls that waited for it.
 * `first` is true for the first form `host` ever had: its `demo-request-ready` is due.
 */
export function connectForm(
  host: Element,
  handle: FormHandle,
): { first: boolean; disconnect: () => void } {
  handles.set(host, handle)
  const calls = waiting.get(host) ?? []
  waiting.delete(host)
  for (const call of calls) call(handle)
  const first = !readied.has(host)
  readied.add(host)
  return {
    first,
    disconnect: () => {
      if (handles.get(host) === handle) handles.delete(host)
    },
  }
}
