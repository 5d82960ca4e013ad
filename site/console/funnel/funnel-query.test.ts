import { describe, expect, it } from 'vitest'
import {
  funnelFilterFromQuery,
  funnelParams,
  funnelQueryOf,
  queryWithFunnelFilter,
} from './funnel-query.ts'

// Noon, so the local day is the 28th in any zone the tests run in.
const today = new Date(2026, 10, 28, 12)

describe("the funnel view's filter in the address", () => {
  it('counts a preset back from today, today included', () => {
    expect(funnelFilterFromQuery('range=7', today)).toEqual({
      range: '7',
      from: '2026-11-22',
      to: '2026-11-28',
      source: undefined,
    })
    expect(funnelFilterFromQuery('range=90', today).from).toBe('2026-08-31')
  })

  it("counts a preset's days in the firm's zone once a report has named it", () => {
    // 02:00 on the 28th in UTC is still the 27th in New York.
    const early = new Date('2026-11-28T02:00:00Z')
    expect(funnelFilterFromQuery('range=7', early, 'America/New_York')).toMatchObject({
      from: '2026-11-21',
      to: '2026-11-27',
    })
    expect(funnelFilterFromQuery('range=7', early, 'Asia/Tokyo').to).toBe('2026-11-28')
    // A zone this browser does not know counts in the reader's own.
    expect(funnelFilterFromQuery('range=7', today, 'Not/AZone').to).toBe('2026-11-28')
  })

  it('shows the last 30 days when the address names no range', () => {
    expect(funnelFilterFromQuery('view=funnel', today)).toMatchObject({
      range: '30',
      from: '2026-10-30',
      to: '2026-11-28',
    })
  })

  it('comes back unchanged from the query it was written into, beside the view', () => {
    const filter = {
      range: 'custom',
      from: '2025-01-01',
      to: '2025-12-31',
      source: 'partner-acme',
    } as const
    const search = queryWithFunnelFilter('view=funnel', filter)
    expect(search).toBe(
      'view=funnel&range=custom&from=2025-01-01&to=2025-12-31&source=partner-acme',
    )
    expect(funnelFilterFromQuery(search, today)).toEqual(filter)
  })

  it('keeps no days for a preset, so a shared address moves with the calendar', () => {
    const search = queryWithFunnelFilter('view=funnel&from=2025-01-01&to=2025-02-01', {
      range: '7',
      from: '2026-11-22',
      to: '2026-11-28',
    })
    expect(search).toBe('view=funnel&range=7')
  })

  it('falls back to 30 days for custom days the API would refuse', () => {
    for (const search of [
      'range=custom&from=2026-11-28&to=2026-11-01',
      'range=custom&from=yesterday&to=2026-11-01',
      'range=custom&to=2026-11-01',
      'range=365',
    ]) {
      expect(funnelFilterFromQuery(search, today).range, search).toBe('30')
    }
  })

  it("asks the API for the filter's days and source, and nothing of the page's own", () => {
    const filter = funnelFilterFromQuery('view=funnel&range=7&source=site', today)
    expect(funnelParams(funnelQueryOf(filter)).toString()).toBe(
      'from=2026-11-22&to=2026-11-28&source=site',
    )
    expect(funnelQueryOf({ ...filter, source: undefined })).toEqual({
      from: '2026-11-22',
      to: '2026-11-28',
    })
  })
})
