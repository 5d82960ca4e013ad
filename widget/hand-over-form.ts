import { elementMethods } from './element-methods.ts'
import type { TakesOver } from './hand-over.ts'
import { functionsProperty, mountLiveForm } from './live-form.tsx'

/**
 * Gives the loader's element class the methods and the `functions` accessor, then the React
 * form: from the full widget the loader fetches (full-widget.ts), and from the standalone script
 * on a page that has the loader too (define.ts).
 */
export function handOver(loaderElement: TakesOver): void {
  // The methods work on any element whose form the bridge knows: the loader's too.
  Object.assign(loaderElement.prototype, elementMethods)
  Object.defineProperty(loaderElement.prototype, 'functions', functionsProperty)
  loaderElement.takeOver(mountLiveForm)
}
