/**
 * The language the form's components speak, given once by the form (or a story) and read by each
 * component that shows words: `useCopy()` returns that language's copy.
 */
import { createContext, use, useContext } from 'react'
import { en, type FormCopy } from '#core/en.ts'
import type { Language } from '#core/languages.ts'
import { arrivedCopy, loadCopy } from './load-copy.ts'

/** The form's language; English outside any provider. */
export const FormLanguage = createContext<Language>('en')

/**
 * The language the form can speak for `language`: itself once its words have arrived, the render
 * suspended until then (React waits, showing what it showed, so no English paints first); English
 * if they cannot be fetched. The element waits only for its first render's words
 * (element-form.tsx): a later change keeps the form working in its language meanwhile.
 */
export function useSpokenLanguage(language: Language): Language {
  // On every render, not only while the words are on their way: React may replay a suspended
  // render once they have arrived (WebKit resolves the fetch first), and a call skipped then would
  // change the order of the form's hooks. Once fetched, the promise reads as settled: no wait.
  use(loadCopy(language))
  return arrivedCopy(language) ? language : 'en'
}

/** The copy in the form's language. */
export function useCopy(): FormCopy {
  return arrivedCopy(useContext(FormLanguage)) ?? en
}
