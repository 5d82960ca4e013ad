import { describe, expect, it } from 'vitest'
import type { FunnelDay } from '#core/console-api.ts'
import { daysPerRow, sumDays } from './funnel-periods.ts'

const day = (n: number): FunnelDay => ({
  day: `2026-01-${String(n).padStart(2, '0')}`,
  views: n,
  starts: 1,
  sent: 0,
  booked: 0,
  met: 0,
  noShow: 0,
  hostAbsent: 0,
  heldForReview: 0,
  routed: 0,
  cancelled: n % 2,
})

describe("the funnel chart's rows", () => {
  it('go by day up to 92 days, by week past them', () => {
    expect(daysPerRow(7)).toBe(1)
    expect(daysPerRow(92)).toBe(1)
    expect(daysPerRow(93)).toBe(7)
    expect(daysPerRow(365)).toBe(7)
  })

  it('sum whole weeks from the first day, and the days left over as the last', () => {
    const days = Array.from({ length: 9 }, (_, index) => day(index + 1))
    expect(sumDays(days, 7)).toEqual([
      { ...day(1), views: 28, starts: 7, cancelled: 4 },
      { ...day(8), views: 17, starts: 2, cancelled: 1 },
    ])
    // The report's own days are left as they were.
    expect(days[0]).toEqual(day(1))
  })

  it('keep each day as it is a day at a time', () => {
    const days = [day(1), day(2)]
    expect(sumDays(days, 1)).toEqual(days)
  })
})
