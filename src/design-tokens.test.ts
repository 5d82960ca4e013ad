import { describe, expect, it } from 'vitest'
import { cssVar, tokenDeclarations, tokenProperty, tokens } from './design-tokens.ts'

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
})
