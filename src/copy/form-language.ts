/**
 * The language the form's components speak, given once by the form (or a story) and read by each
 * component that shows words: `useCopy()` returns that language's copy.
 */
import { createContext, useContext } from 'react'
import { copies } from './copies.ts'
import type { FormCopy } from './en.ts'
import type { Language } from './languages.ts'

/** The form's language; English outside any provider. */
export const FormLanguage = createContext<Language>('en')

/** The copy in the form's language. */
export function useCopy(): FormCopy {
  return copies[useContext(FormLanguage)]
}
