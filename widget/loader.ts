/**
 * The loader partners embed, `demo-request-loader.js`: defines `<demo-request>` and paints the
 * form at once, then fetches the full widget (React inside) from beside itself when it is needed.
 */
import { tagName } from './element-api.ts'
import { HTMLElementBase } from './html-element-base.ts'
import { DemoRequestLoaderElement } from './loader-element.ts'

// While this script runs it is the document's current script, async and defer alike. A server
// rendering the host's page has no DOM (so no registry): there the loader does nothing.
if (HTMLElementBase) DemoRequestLoaderElement.define(tagName, document.currentScript)
