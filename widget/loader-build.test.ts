import { describe, expect, it } from 'vitest'
import { companySizes } from '#core/lead-fields.ts'
import { allCopies } from '../src/copy/load-copy.ts'
import { staticForm } from '../src/form/static-form.ts'
import {
  compactStaticForm,
  loaderModuleSource,
  scriptFileNames,
  staticFormsModuleSource,
} from './loader-build.ts'

const interactive = staticForm({ privacyUrl: '/privacy' })
const compact = compactStaticForm(interactive)

describe("the loader's build-time half", () => {
  it('keeps a CSS rule for every class of the compacted form, and every text', () => {
    const classes = [...compact.html.matchAll(/class=(?:"([^"]+)"|(\w+))/g)].flatMap(
      ([, quoted, bare]) => (quoted ?? bare ?? '').split(' '),
    )
    expect(new Set(classes).size).toBe(10)
    for (const name of classes) expect(compact.css).toContain(`.${name}{`)
    const text = (html: string) => html.replace(/<[^>]+>/g, '|')
    expect(text(compact.html)).toBe(text(interactive.html))
  })

  it('drops only rules for states the static form never reaches or holds for a moment', () => {
    expect(interactive.css).toMatch(/:hover:not\(:disabled\)\{/)
    expect(interactive.css).toMatch(/ option\{/)
    expect(compact.css).not.toMatch(/aria-invalid|:disabled|::before|:hover|option/)
    expect(compact.css, 'no media rule left empty').not.toMatch(/@media[^{]*\{\}/)
    // What a visitor may meet in it for longer: focus, the placeholders, the unchosen select.
    expect(compact.css).toContain(':focus-visible{outline:3px solid')
    expect(compact.css).toContain('::placeholder{')
    expect(compact.css).toContain(':invalid{')
  })

  // Given browser targets, Lightning CSS turns a logical side into physical ones chosen by
  // `:dir()` or, for older ones, by `:lang()` of right-to-left languages: the first misses a
  // direction set only in a stylesheet (in all three engines), the second a right-to-left page in
  // English. The inherited `direction` that logical sides follow carries both into the shadow root.
  it('keeps the sides logical, so the static form follows the page in either direction', () => {
    expect(compact.css).toContain('text-align:start')
    expect(compact.css).toContain('padding-inline-end:')
    expect(compact.css).toContain('inset-inline-end:')
    expect(compact.css).not.toMatch(/\b(left|right)\b|:dir\(|\[dir/)
  })

  it('names the full widget and the static form script by both contents, with one hash', () => {
    const bytes = (text: string) => new TextEncoder().encode(text)
    const names = scriptFileNames(bytes('one'), 'static')
    expect(names.full).toMatch(/^demo-request-full-[0-9a-f]{10}\.js$/)
    expect(names.static).toBe(names.full.replace('-full-', '-static-'))
    expect(scriptFileNames(bytes('one'), 'static')).toEqual(names)
    expect(scriptFileNames(bytes('two'), 'static').full).not.toBe(names.full)
    expect(scriptFileNames(bytes('one'), 'other').full).not.toBe(names.full)
  })

  it('exports the form, the privacy attribute and the full script, with the default privacy link', () => {
    const source = loaderModuleSource('demo-request-full-0123456789.js', 'https://www.example.com')
    expect(source).toContain('href=\\"https://www.example.com/privacy\\"')
    expect(source).toContain('export const privacyAttribute = "privacy-url"')
    expect(source).toContain('export const fullScript = "demo-request-full-0123456789.js"')
    expect(loaderModuleSource('x.js', undefined)).toContain('href=\\"/privacy\\"')
    expect(
      loaderModuleSource('x.js', undefined, [], 'demo-request-static-0123456789.js'),
    ).toContain('export const staticScript = "demo-request-static-0123456789.js"')
  })

  it('gives the static form script the Spanish form: its words, the same classes and ids, the stored values', async () => {
    const source = await staticFormsModuleSource('https://www.example.com')
    const forms = JSON.parse(source.replace(/^export const forms = /, '')) as Record<string, string>
    expect(Object.keys(forms)).toEqual(['es'])
    const spanish = forms.es ?? ''
    const { es } = await allCopies()
    expect(spanish).toMatch(/^<div class=a lang=es>/)
    expect(spanish).toContain(`>${es.fields.firstName.label}</label>`)
    expect(spanish).toContain(`>${es.submit}</button>`)
    expect(spanish).toContain('href="https://www.example.com/privacy"')
    for (const size of companySizes) {
      expect(spanish).toContain(`<option value="${size}">${es.companySizes[size]}</option>`)
    }
    // The loader's CSS fits it: the same classes, and the same ids for the hand-over to read.
    const shape = (html: string) =>
      [...html.matchAll(/ (class|id|for|part)=("[^"]*"|\w+)/g)].map(([pair]) => pair)
    expect(shape(spanish)).toEqual(shape(compact.html))
  })
})
