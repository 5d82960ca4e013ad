import { describe, expect, it } from 'vitest'
import { originMatches, originPatternProblem } from './allowed-origin.ts'

describe('originMatches', () => {
  it('matches an exact origin, and nothing else on that host', () => {
    expect(originMatches('https://partner.com', 'https://partner.com')).toBe(true)
    expect(originMatches('https://www.partner.com', 'https://partner.com')).toBe(false)
  })

  it('matches a pattern against any subdomain, however deep', () => {
    expect(originMatches('https://shop.partner.com', 'https://*.partner.com')).toBe(true)
    expect(originMatches('https://eu.shop.partner.com', 'https://*.partner.com')).toBe(true)
  })

  it('does not match the bare domain with a pattern', () => {
    expect(originMatches('https://partner.com', 'https://*.partner.com')).toBe(false)
  })

  it('does not match another scheme', () => {
    expect(originMatches('http://partner.com', 'https://partner.com')).toBe(false)
    expect(originMatches('http://shop.partner.com', 'https://*.partner.com')).toBe(false)
  })

  it('does not match a lookalike suffix', () => {
    expect(originMatches('https://evilpartner.com', 'https://*.partner.com')).toBe(false)
    expect(originMatches('https://partner.com.evil.com', 'https://*.partner.com')).toBe(false)
  })

  it('needs the same port, the default one when none is written', () => {
    expect(originMatches('https://partner.com:8443', 'https://partner.com:8443')).toBe(true)
    expect(originMatches('https://partner.com:8443', 'https://partner.com')).toBe(false)
    expect(originMatches('https://shop.partner.com:8443', 'https://*.partner.com')).toBe(false)
    expect(originMatches('https://partner.com', 'https://partner.com:443')).toBe(true)
  })

  it('ignores a trailing slash on the pattern', () => {
    expect(originMatches('https://partner.com', 'https://partner.com/')).toBe(true)
    expect(originMatches('https://shop.partner.com', 'https://*.partner.com/')).toBe(true)
  })

  it('compares hosts without regard to case', () => {
    expect(originMatches('https://shop.partner.com', 'HTTPS://*.Partner.COM')).toBe(true)
    expect(originMatches('https://SHOP.partner.com', 'https://*.partner.com')).toBe(true)
  })

  it('never matches the null origin of a sandboxed page or a file', () => {
    expect(originMatches('null', 'https://*.partner.com')).toBe(false)
    expect(originMatches('null', 'null')).toBe(false)
  })

  it('never matches what is not an origin', () => {
    expect(originMatches('https://partner.com/page', 'https://partner.com')).toBe(false)
    expect(originMatches('https://user@partner.com', 'https://partner.com')).toBe(false)
    expect(originMatches('', 'https://partner.com')).toBe(false)
  })
})

describe('originPatternProblem', () => {
  it('accepts origins and subdomain patterns', () => {
    expect(originPatternProblem('https://partner.com')).toBeNull()
    expect(originPatternProblem('http://localhost:5173')).toBeNull()
    expect(originPatternProblem('https://*.partner.com')).toBeNull()
  })

  it.each([
    ['*', 'allows every site'],
    ['partner.com', 'needs http:// or https://'],
    ['*.partner.com', 'needs http:// or https://'],
    ['https://partner.com/page', 'is not an origin'],
    ['ftp://partner.com', 'needs http:// or https://'],
    ['https://*', 'first label'],
    ['https://shop.*.com', 'first label'],
    ['https://*partner.com', 'first label'],
    ['https://*.com', 'top-level domain'],
  ])('refuses %s', (pattern, problem) => {
    expect(originPatternProblem(pattern)).toContain(problem)
  })
})
