/**
 * The copies that have arrived, and their fetching: English from the start, each other language
 * fetched once, when a form first speaks it (copies.ts). Tests, stories and build scripts that
 * need every language await `allCopies()`.
 */

import { en, type FormCopy } from '#core/en.ts'
import { type Language, supportedLanguages } from '#core/languages.ts'
import { copyModules, type FetchedLanguage } from './copies.ts'

const arrived: Partial<Record<Language, FormCopy>> = { en }
const fetching = new Map<Language, Promise<void>>()

/** `language`'s copy if it has arrived, else undefined; English always has. */
export const arrivedCopy = (language: Language): FormCopy | undefined => arrived[language]

// A promise marked settled as React's `use()` reads one: a render that asks for words already
// fetched goes on at once instead of suspending for a microtask.
type Fetching = Promise<void> & { status?: 'fulfilled'; value?: undefined }
const settled = (promise: Fetching) => Object.assign(promise, { status: 'fulfilled' as const })

/**
 * Fetches `language`'s copy, once: the same promise for every caller, which React's `use()`
 * needs. It never rejects: a copy that cannot be fetched (a blocked script, a network failure)
 * is logged, and the form speaks English, the fallback, rather than nothing.
 */
export function loadCopy(language: Language): Promise<void> {
  const known = fetching.get(language)
  if (known) return known
  if (arrived[language]) {
    const done = settled(Promise.resolve())
    fetching.set(language, done)
    return done
  }
  const pending: Fetching = copyModules[language as FetchedLanguage]().then(
    (copy) => {
      if (copy) arrived[language] = copy
      else console.error(`The form's ${language} words did not arrive`)
    },
    (error: unknown) => console.error(`The form's ${language} words did not load:`, error),
  )
  // First among the promise's reactions: settled before React's own hears of it.
  void pending.then(() => settled(pending))
  fetching.set(language, pending)
  return pending
}

/** Every language's copy, fetched: for tests, stories and the build, which show each language. */
export async function allCopies(): Promise<Record<Language, FormCopy>> {
  await Promise.all(supportedLanguages.map(loadCopy))
  return Object.fromEntries(
    supportedLanguages.map((language) => [language, arrived[language] ?? en]),
  ) as Record<Language, FormCopy>
}
