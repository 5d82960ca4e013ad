import { describe, expect, it } from 'vitest'
import {
  brandFonts,
  cssVar,
  fallbackFonts,
  fontFaceCss,
  fontSubsets,
  tokenDeclarations,
  tokenProperty,
  tokens,
} from './design-tokens.ts'
import { codePointsOf } from './unicode-ranges.ts'

describe('design tokens', () => {
  it('name each custom property after its token', () => {
    expect(tokenProperty('colorOnPrimary')).toBe('--demo-request-color-on-primary')
    expect(tokenProperty('radius')).toBe('--demo-request-radius')
  })

  it('read the custom property with the default as fallback', () => {
    expect(cssVar('colorPrimary')).toBe(`var(--demo-request-color-primary, ${tokens.colorPrimary})`)
  })

  it('declare every token once', () => {
    const lines = tokenDeclarations().split('\n')
    expect(lines).toHaveLength(Object.keys(tokens).length)
    expect(lines).toContain('--demo-request-radius: 8px;')
  })

  it('name brand faces first and their metric-matched fallbacks next in the font tokens', () => {
    const [text, heading] = brandFonts
    expect(tokens.font).toMatch(new RegExp(`^'${text.family}', 'Inter Fallback', `))
    expect(tokens.fontHeading).toMatch(
      new RegExp(`^'${heading.family}', 'Source Serif Fallback', `),
    )
  })

  it('give every brand face font-display: optional, so a late font never shifts the page', () => {
    const css = fontFaceCss((face, subset) => `/fonts/${subset.name}/${face.file.split('/').pop()}`)
    const faces = css.split('\n')
    expect(faces).toHaveLength(brandFonts.length * fontSubsets.length + fallbackFonts.length)
    for (const face of brandFonts) {
      for (const subset of fontSubsets) {
        const rule = faces.find((line) =>
          line.includes(`/fonts/${subset.name}/${face.file.split('/').pop()}`),
        )
        expect(rule).toContain(`font-family: '${face.family}'`)
        expect(rule).toContain('font-display: optional')
        expect(rule).toContain(`unicode-range: ${subset.unicodeRange.join(', ')};`)
      }
    }
    for (const line of faces.slice(brandFonts.length * fontSubsets.length))
      expect(line).toContain("src: local('")
  })

  it('split each face into a core subset for English copy and the rest of Latin', () => {
    const [core, latin] = fontSubsets.map((subset) => new Set(codePointsOf(subset.unicodeRange)))
    for (const char of 'Az09 ©·–—‘’“”•…')
      expect(core?.has(char.codePointAt(0) as number)).toBe(true)
    for (const char of 'éüñßŒ€') {
      const point = char.codePointAt(0) as number
      expect(core?.has(point) !== latin?.has(point)).toBe(true) // in one subset, not both
    }
    expect([...(core ?? [])].filter((point) => latin?.has(point))).toEqual([])
  })
})
