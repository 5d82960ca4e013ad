import { describe, expect, it } from 'vitest'
import {
  brandFonts,
  cssVar,
  fallbackFonts,
  fontFaceCss,
  tokenDeclarations,
  tokenProperty,
  tokens,
} from './design-tokens.ts'

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
    const css = fontFaceCss((file) => `/fonts/${file.split('/').pop()}`)
    const faces = css.split('\n')
    expect(faces).toHaveLength(brandFonts.length + fallbackFonts.length)
    for (const face of brandFonts) {
      const rule = faces.find((line) => line.includes(`'${face.family}'`))
      expect(rule).toContain('font-display: optional')
      expect(rule).toContain(`url('/fonts/${face.file.split('/').pop()}') format('woff2')`)
    }
    for (const line of faces.slice(brandFonts.length)) expect(line).toContain("src: local('")
  })
})
