import { describe, expect, it } from 'vitest'
import { staticForm } from '../src/form/static-form.ts'
import { compactStaticForm, fullScriptFileName, loaderModuleSource } from './loader-build.ts'

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

  it('drops only rules for states the static form never reaches', () => {
    expect(compact.css).not.toMatch(/aria-invalid|:disabled|::before/)
    expect(compact.css, 'no media rule left empty').not.toMatch(/@media[^{]*\{\}/)
    expect(compact.css).toContain(':focus-visible{outline:3px solid')
    expect(compact.css).toContain(':hover{background:')
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

  it('names the full widget by its content', () => {
    const name = fullScriptFileName(new TextEncoder().encode('one'))
    expect(name).toMatch(/^demo-request-full-[0-9a-f]{10}\.js$/)
    expect(fullScriptFileName(new TextEncoder().encode('one'))).toBe(name)
    expect(fullScriptFileName(new TextEncoder().encode('two'))).not.toBe(name)
  })

  it('exports the form, the privacy attribute and the full script, with the default privacy link', () => {
    const source = loaderModuleSource('demo-request-full-0123456789.js', 'https://www.example.com')
    expect(source).toContain('href=\\"https://www.example.com/privacy\\"')
    expect(source).toContain('export const privacyAttribute = "privacy-url"')
    expect(source).toContain('export const fullScript = "demo-request-full-0123456789.js"')
    expect(loaderModuleSource('x.js', undefined)).toContain('href=\\"/privacy\\"')
  })
})
