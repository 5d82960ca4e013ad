/**
 * The element's `prefill()` and `reset()`, on whichever class the tag has: the element r2wc makes
 * (demo-request-element.ts) or the loader's, which the full widget gives them (hand-over.ts).
 */
import { configuredFields } from '../src/form/config.ts'
import { withForm } from '../src/form/form-bridge.ts'
import { type DemoRequestPrefill, prefillValues } from '../src/form/prefill-values.ts'

export const elementMethods = {
  prefill(this: Element, values: DemoRequestPrefill): void {
    // Checked now, so a mistake throws to the caller even while the call has to wait.
    const clean = prefillValues(values, configuredFields())
    withForm(this, (form) => form.prefill(clean))
  },
  reset(this: Element): void {
    withForm(this, (form) => form.reset())
  },
}
