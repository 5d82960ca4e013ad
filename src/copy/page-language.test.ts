import { describe, expect, it } from 'vitest'
import { languageOf } from './page-language.ts'

describe('languageOf', () => {
  it('speaks a supported language by its own tag', () => {
    expect(languageOf('en')).toBe('en')
    expect(languageOf('es')).toBe('es')
  })

  it('speaks a regional tag in its language, however it is written', () => {
    expect(languageOf('es-MX')).toBe('es')
    expect(languageOf('es-419')).toBe('es')
    expect(languageOf('ES-ar')).toBe('es')
    expect(languageOf('es_CO')).toBe('es')
    expect(languageOf(' es ')).toBe('es')
    expect(languageOf('en-GB')).toBe('en')
  })

  it('speaks English for a language it lacks, or none', () => {
    expect(languageOf('fr')).toBe('en')
    expect(languageOf('pt-BR')).toBe('en')
    // A tag that only starts like Spanish is another language.
    expect(languageOf('est')).toBe('en')
    expect(languageOf('')).toBe('en')
    expect(languageOf(null)).toBe('en')
    expect(languageOf(undefined)).toBe('en')
  })
})
