/**
 * `demo-request-full-<hash>.js`, the full widget the loader fetches (loader-build.ts): the React
 * form, handed to the element the loader defined. It leaves out what only the standalone script
 * needs to define the element itself (r2wc's element, demo-request-element.ts). A tag the loader
 * did not define is left alone: the loader, hearing no take-over, shows the element's content.
 */
import { tagName } from './element-api.ts'
import { takesOver } from './hand-over.ts'
import { handOver } from './hand-over-form.ts'

const defined = globalThis.customElements?.get(tagName)
if (takesOver(defined)) handOver(defined)
