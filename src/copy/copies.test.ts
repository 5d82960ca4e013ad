import { describe, expect, it } from 'vitest'
import { en } from '#core/en.ts'
import { supportedLanguages } from '#core/languages.ts'
import { copyModules } from './copies.ts'
import { allCopies, arrivedCopy, loadCopy } from './load-copy.ts'

// Every string of a copy, by its path: `fields.firstName.label`.
function leaves(copy: object, path = ''): [string, string][] {
  return Object.entries(copy).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${path}${key}`, value] as [string, string]]
      : leaves(value as object, `${path}${key}.`),
  )
}

const english = new Map(leaves(en))
const copies = await allCopies()

describe('every language', () => {
  for (const language of supportedLanguages.filter((language) => language !== 'en')) {
    // The compiler checks the shape; this checks what a cast or a spread of English could hide.
    it(`${language} has every string English has, and no other`, () => {
      expect(
        leaves(copies[language])
          .map(([path]) => path)
          .sort(),
      ).toEqual([...english.keys()].sort())
    })

    it(`${language} translates every string, none left in English or empty`, () => {
      const untranslated = leaves(copies[language]).filter(
        ([path, words]) => words.trim() === '' || words === english.get(path),
      )
      expect(untranslated).toEqual([])
    })
  }

  it('is fetched by its own module, English alone in every bundle', () => {
    expect(Object.keys(copyModules).sort()).toEqual(
      supportedLanguages.filter((language) => language !== 'en').sort(),
    )
    expect(arrivedCopy('en')).toBe(en)
  })

  it('is fetched once, however many forms ask', async () => {
    expect(loadCopy('es')).toBe(loadCopy('es'))
    await loadCopy('es')
    expect(arrivedCopy('es')).toBe(copies.es)
  })
})
