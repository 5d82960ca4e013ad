import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { tokenProperty, tokens } from '../src/design-tokens.ts'
import { customElementsManifest } from './custom-elements-manifest.ts'
import {
  elementAttributes,
  elementEvents,
  elementProperties,
  loaderAttributes,
} from './element-api.ts'

const [declaration] = customElementsManifest().modules[0]?.declarations ?? []
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')

describe('custom-elements.json', () => {
  it('describes the element, its attributes and its events', () => {
    expect(declaration?.tagName).toBe('demo-request')
    expect(declaration?.attributes.map((a) => a.name)).toEqual([
      'supabase-url',
      'anon-key',
      'source',
      'privacy-url',
      'loading',
    ])
    expect(declaration?.members.map((m) => m.name)).toEqual(['functions'])
    expect(declaration?.events.map((e) => e.name)).toEqual([
      'demo-request-submit',
      'demo-request-success',
      'demo-request-error',
    ])
    expect(declaration?.slots).toEqual([{ name: '', description: expect.any(String) }])
  })

  it('lists a CSS custom property for every design token', () => {
    expect(declaration?.cssProperties.map((p) => p.name)).toEqual(
      Object.keys(tokens).map((token) => tokenProperty(token as keyof typeof tokens)),
    )
  })
})

describe('the README', () => {
  it('documents every attribute, property, event and CSS custom property', () => {
    const api = [...elementAttributes, ...loaderAttributes, ...elementProperties, ...elementEvents]
    for (const { name } of api) expect(readme).toContain(`\`${name}\``)
    for (const token of Object.keys(tokens)) {
      expect(readme).toContain(`\`${tokenProperty(token as keyof typeof tokens)}\``)
    }
  })
})
