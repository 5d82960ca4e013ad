/**
 * Every language's copy but English, each fetched as its own module the first time a form speaks
 * it: English is in every bundle, and a page in English downloads no other words. This record is
 * the one a new language joins (with its module, `<language>.ts` exporting `<language>`, its
 * name in languages.ts, and the database's check of a lead's language: docs/embedding.md); the
 * compiler lists a language named there and missing here. The React scripts (the standalone
 * widget and the full widget) replace this module with widget/copy-scripts.ts, which fetches the
 * same modules as classic scripts beside them.
 */
import type { FormCopy } from '#core/en.ts'
import type { Language } from '#core/languages.ts'

/** A language whose words are fetched when a form first speaks it. */
export type FetchedLanguage = Exclude<Language, 'en'>

/** How each fetched language's copy arrives; none if what arrived gave none. */
export type CopyModules = {
  readonly [Name in FetchedLanguage]: () => Promise<FormCopy | undefined>
}

export const copyModules: CopyModules = {
  es: () => import('./es.ts').then((module) => module.es),
}
