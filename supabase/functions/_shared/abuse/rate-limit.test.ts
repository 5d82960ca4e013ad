import { describe, expect, it } from 'vitest'
import { secondsUntilWindowEnds, windowStart } from './rate-limit.ts'

describe('rate-limit windows', () => {
  it('start on multiples of the window size', () => {
    expect(windowStart(new Date('2026-01-01T10:07:30Z'), 600)).toEqual(
      new Date('2026-01-01T10:00:00Z'),
    )
  })

  it('report whole seconds left, at least one', () => {
    const start = new Date('2026-01-01T10:00:00Z')
    expect(secondsUntilWindowEnds(start, 600, new Date('2026-01-01T10:07:30.5Z'))).toBe(150)
    expect(secondsUntilWindowEnds(start, 600, new Date('2026-01-01T10:10:00Z'))).toBe(1)
  })
})
