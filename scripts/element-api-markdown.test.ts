import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { betweenMarkers } from './between-markers.ts'
import { elementApiMarkdown } from './element-api-markdown.ts'

const guide = readFileSync(new URL('../docs/embedding.md', import.meta.url), 'utf8')

it.each(Object.entries(elementApiMarkdown()))(
  'docs/embedding.md holds the current %s from widget/element-api.ts (else: npm run docs)',
  (name, markdown) => {
    expect(betweenMarkers(guide, name)).toBe(markdown)
  },
)

it('names every attribute, property, method, event, part and custom property', () => {
  const all = Object.values(elementApiMarkdown()).join('\n')
  for (const name of ['`supabase-url`', '`loading`', '`functions`', '`prefill(', '`reset(']) {
    expect(all).toContain(name)
  }
  for (const name of ['`demo-request-error`', '`::part(toast)`', '`--demo-request-radius`']) {
    expect(all).toContain(name)
  }
  expect(all.split('\n').every((line) => [...line].length <= 100)).toBe(true)
})
