/// <reference types="mocha" />
import { expect } from 'chai'
import type { Language } from '#core/languages.ts'
import { resolveLanguage } from '../src/copy/page-language.ts'
import { surelyEnglish } from './surely-english.ts'

// The loader paints English at once only where surelyEnglish says so; everywhere else the static
// form script paints by resolveLanguage itself. So the two must never disagree about English, and
// the usual English pages (lang `en`, `en-…` or none) must take the short way. English inside
// another language, or under an empty lang, is left to the rule: rare, and a moment later.
interface Case {
  html: string | null
  wrapper?: string | null
  element?: string | null
  /** The element sits in the shadow root of a host inside the wrapper. */
  shadow?: boolean
  language: Language
  sure: boolean
}

const cases: Case[] = [
  { html: 'en', language: 'en', sure: true },
  { html: 'en-US', language: 'en', sure: true },
  { html: 'EN-gb', language: 'en', sure: true },
  { html: null, language: 'en', sure: true },
  { html: '', language: 'en', sure: false },
  { html: 'es', language: 'es', sure: false },
  { html: 'es-MX', language: 'es', sure: false },
  { html: 'es_MX', language: 'es', sure: false },
  { html: ' es ', language: 'es', sure: false },
  { html: 'ES', language: 'es', sure: false },
  { html: 'fr', language: 'en', sure: false },
  { html: 'en_US', language: 'en', sure: false },
  { html: 'es', element: 'en', language: 'en', sure: false },
  { html: 'es', wrapper: 'en-GB', language: 'en', sure: false },
  { html: 'en', wrapper: 'es', language: 'es', sure: false },
  { html: 'es', wrapper: '', language: 'es', sure: false },
  { html: 'en', element: 'es-419', language: 'es', sure: false },
  { html: 'es', element: '', language: 'es', sure: false },
  { html: 'en', wrapper: 'es', shadow: true, language: 'es', sure: false },
  { html: 'es', wrapper: 'en', shadow: true, language: 'en', sure: false },
  { html: 'en', shadow: true, language: 'en', sure: false },
]

const pageLanguage = document.documentElement.getAttribute('lang')
const setAttribute = (element: Element, lang: string | null | undefined) => {
  if (lang === null || lang === undefined) element.removeAttribute('lang')
  else element.setAttribute('lang', lang)
}

afterEach(() => {
  setAttribute(document.documentElement, pageLanguage)
  for (const wrapper of document.querySelectorAll('[data-test-wrapper]')) wrapper.remove()
})

describe("the loader's English shortcut and the page-language rule", () => {
  for (const test of cases) {
    it(`html ${JSON.stringify(test.html)}, wrapper ${JSON.stringify(test.wrapper)}, element ${JSON.stringify(test.element)}${test.shadow ? ', in a shadow root' : ''}: ${test.language}, ${test.sure ? 'at once' : 'by the rule'}`, () => {
      setAttribute(document.documentElement, test.html)
      const wrapper = document.createElement('section')
      wrapper.dataset.testWrapper = ''
      setAttribute(wrapper, test.wrapper)
      document.body.append(wrapper)
      const element = document.createElement('div')
      setAttribute(element, test.element)
      if (test.shadow) {
        const host = document.createElement('div')
        wrapper.append(host)
        host.attachShadow({ mode: 'open' }).append(element)
      } else wrapper.append(element)
      expect(resolveLanguage(element)).to.equal(test.language)
      expect(surelyEnglish(element)).to.equal(test.sure)
    })
  }
})
