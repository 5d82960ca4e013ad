/**
 * `demo-request-copy-<language>-<hash>.js`, one a language but English, built from this file
 * (copy-scripts-build.ts): the form's words in that language, fetched by the standalone widget only
 * when a form first speaks it (copy-scripts.ts).
 */
import { copy } from 'virtual:demo-request-copy'
import type { FormCopy } from '#core/en.ts'

/** The script element that brought a copy: the copy rides on it, rather than on a global. */
export type CopyScriptElement = HTMLScriptElement & { copy?: FormCopy }

// Read by the widget, which made this element, in its `load` handler: after this has run.
;(document.currentScript as CopyScriptElement).copy = copy
