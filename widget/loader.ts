/**
 * The loader partners embed, `demo-request-loader.js`: defines `<demo-request>` and paints the
 * form at once, then fetches the full widget (React inside) from beside itself when it is needed.
 */
import { HTMLElementBase } from './html-element-base.ts'
import { defineLoaderElement } from './loader-element.ts'

// A server rendering the host's page has no DOM (so no registry): there the loader does nothing.
if (HTMLElementBase) defineLoaderElement()
