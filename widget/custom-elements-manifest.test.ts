import { describe, expect, it } from 'vitest'
import { tokenProperty, tokens } from '../src/styles/design-tokens.ts'
import { customElementsManifest } from './custom-elements-manifest.ts'

const [declaration] = customElementsManifest().modules[0]?.declarations ?? []

describe('custom-elements.json', () => {
  it('describes the element, its attributes and its events', () => {
    expect(declaration?.tagName).toBe('demo-request')
    expect(declaration?.attributes.map((a) => a.name)).toEqual([
      'supabase-url',
      'publishable-key',
      'anon-key',
      'source',
      'analytics',
      'privacy-url',
      'lang',
      'loading',
    ])
    expect(declaration?.events.map((e) => e.name)).toEqual([
      'demo-request-ready',
      'demo-request-submit',
      'demo-request-success',
      'demo-request-booked',
      'demo-request-error',
    ])
    expect(declaration?.slots).toEqual([{ name: '', description: expect.any(String) }])
  })

  it('describes the functions property and the prefill() and reset() methods', () => {
    expect(declaration?.members.map((m) => [m.kind, m.name])).toEqual([
      ['field', 'functions'],
      ['method', 'prefill'],
      ['method', 'reset'],
    ])
    const prefill = declaration?.members.find((m) => m.name === 'prefill')
    expect(prefill).toMatchObject({
      parameters: [{ name: 'values', type: { text: expect.stringContaining('companySize?') } }],
      return: { type: { text: 'void' } },
      description: expect.stringContaining('RangeError'),
    })
  })

  it('lists the ::part() names', () => {
    // Part names are public API: a partner's CSS names them.
    expect(declaration?.cssParts.map((part) => part.name)).toEqual([
      'form',
      'label',
      'input',
      'select',
      'error',
      'submit',
      'toast',
    ])
  })

  it('lists a CSS custom property for every design token', () => {
    expect(declaration?.cssProperties.map((p) => p.name)).toEqual(
      Object.keys(tokens).map((token) => tokenProperty(token as keyof typeof tokens)),
    )
  })
})
