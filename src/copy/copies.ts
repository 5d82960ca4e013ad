/**
 * Every language's copy, by language: the one record a new language joins (with its module and
 * its name in languages.ts). The compiler lists a language named there and missing here.
 */

import { en, type FormCopy } from './en.ts'
import { es } from './es.ts'
import type { Language } from './languages.ts'

export const copies: Record<Language, FormCopy> = { en, es }
