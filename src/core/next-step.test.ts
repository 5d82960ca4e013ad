import { describe, expect, it } from 'vitest'
import { readNextStep } from './next-step.ts'

describe('readNextStep', () => {
  it('reads a booking page, a link and a message', () => {
    const url = 'https://cal.com/acme/demo?name=Ada'
    expect(readNextStep({ kind: 'book', provider: 'cal', url })).toEqual({
      kind: 'book',
      provider: 'cal',
      url,
    })
    expect(readNextStep({ kind: 'link', url })).toEqual({ kind: 'link', url })
    expect(readNextStep({ kind: 'message', text: 'Thanks!' })).toEqual({
      kind: 'message',
      text: 'Thanks!',
    })
  })

  it('leaves out what it cannot show, so the form behaves as without routes', () => {
    for (const value of [
      undefined,
      null,
      'book',
      { kind: 'book', provider: 'hubspot', url: 'https://example.com' },
      { kind: 'book', provider: 'cal', url: 'javascript:alert(1)' },
      { kind: 'link', url: 'not a url' },
      { kind: 'message', text: '   ' },
      { kind: 'redirect', url: 'https://example.com' },
    ]) {
      expect(readNextStep(value), JSON.stringify(value)).toBeUndefined()
    }
  })
})
