/**
 * In the standalone widget (`demo-request.js`, which the loader fetches as its full widget), in
 * place of src/copy/copies.ts: a script has no chunks of its own to import, so each language but
 * English is a classic script beside it, `demo-request-copy-<language>-<hash>.js`, fetched when a
 * form first speaks it. A classic script, as the loader fetches its own, not import(): the host
 * needs no CORS, and the widget's nonce carries over.
 */
import { copyScripts } from 'virtual:demo-request-copy-scripts'
import type { FormCopy } from '#core/en.ts'
import type { CopyModules, FetchedLanguage } from '../src/copy/copies.ts'
import type { CopyScriptElement } from './copy-script.ts'

// The widget's own script, as it runs: later, `document.currentScript` is another or none. None
// in Node, where the package's scripts are imported without running the element.
const widgetScript =
  typeof document === 'object' ? (document.currentScript as HTMLScriptElement | null) : null

// Resolves with the script's copy (none if it gave none), rejects if it did not load: load-copy.ts
// then logs it, and the form speaks English.
const fetchCopy = (language: FetchedLanguage) =>
  new Promise<FormCopy | undefined>((resolve, reject) => {
    const script: CopyScriptElement = document.createElement('script')
    // Beside the widget; the page's address where it has no script of its own (a bundler's copy).
    script.src = new URL(copyScripts[language], widgetScript?.src || location.href).href
    script.nonce = widgetScript?.nonce ?? ''
    script.onload = () => resolve(script.copy)
    script.onerror = reject
    document.head.append(script)
  })

export const copyModules = Object.fromEntries(
  Object.keys(copyScripts).map((language) => [
    language,
    () => fetchCopy(language as FetchedLanguage),
  ]),
) as CopyModules
