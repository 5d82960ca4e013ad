import { describe, expect, it } from 'vitest'
import { betweenMarkers, replaceBetweenMarkers } from './between-markers.ts'

const doc = 'Intro\n\n<!-- table:start -->\nold\n<!-- table:end -->\n\nOutro\n'

describe('replaceBetweenMarkers', () => {
  it('replaces only what stands between the markers', () => {
    const written = replaceBetweenMarkers(doc, 'table', '| a |\n')
    expect(written).toBe('Intro\n\n<!-- table:start -->\n| a |\n<!-- table:end -->\n\nOutro\n')
    expect(betweenMarkers(written, 'table')).toBe('| a |')
  })

  it('gives the same text when written twice', () => {
    const once = replaceBetweenMarkers(doc, 'table', 'new')
    expect(replaceBetweenMarkers(once, 'table', 'new')).toBe(once)
  })

  it('refuses a document without the markers, naming them', () => {
    expect(() => replaceBetweenMarkers('Intro\n', 'table', 'new')).toThrow(
      'No <!-- table:start --> … <!-- table:end --> markers',
    )
    expect(betweenMarkers('Intro\n', 'table')).toBeUndefined()
  })
})
