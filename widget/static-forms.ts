/**
 * `demo-request-static-<hash>.js`, which the loader fetches only where an element's language is
 * not surely English: it hands the loader's element class the static form in every language
 * other than English, and the page-language rule itself (src/copy/page-language.ts), so each element
 * is painted in the language the live form will speak. English stays in the loader.
 */
import { forms } from 'virtual:demo-request-static-forms'
import { resolveLanguage } from '../src/copy/page-language.ts'
import { tagName } from './element-api.ts'
import type { DemoRequestLoaderElement } from './loader-element.ts'

const loaderElement = customElements.get(tagName) as typeof DemoRequestLoaderElement | undefined
loaderElement?.paint?.((element) => forms[resolveLanguage(element)])
