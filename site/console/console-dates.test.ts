import { describe, expect, it } from 'vitest'
import { dayOf, daysBefore, formatAgo } from './console-dates.ts'

describe("the console's dates", () => {
  const now = new Date(2026, 10, 28, 12, 0, 0)

  it('says how long ago in the largest unit that fits', () => {
    expect(formatAgo(new Date(2026, 10, 28, 11, 59, 30).toISOString(), now)).toBe('30 seconds ago')
    expect(formatAgo(new Date(2026, 10, 28, 9, 0).toISOString(), now)).toBe('3 hours ago')
    expect(formatAgo(new Date(2026, 10, 27, 12, 0).toISOString(), now)).toBe('yesterday')
  })

  it('counts days back across a month end, as the counts view does for 30 days', () => {
    expect(dayOf(daysBefore(new Date(2026, 2, 1, 12), 1))).toBe('2026-02-28')
    expect(dayOf(daysBefore(now, 29))).toBe('2026-10-30')
  })
})
