import { describe, expect, it } from 'vitest'
import { firmDay } from './firm-day.ts'

const chicago = 'America/Chicago'
const at = (iso: string) => new Date(iso)

describe('firmDay', () => {
  it("is the firm's calendar day, not the UTC one, either side of its midnight", () => {
    // 23:30 and 00:30 in Chicago (UTC-6 in winter) are the same UTC day, and two firm days.
    expect(firmDay(at('2027-01-15T05:30:00Z'), chicago)).toBe('2027-01-14')
    expect(firmDay(at('2027-01-15T06:30:00Z'), chicago)).toBe('2027-01-15')
    expect(firmDay(at('2027-01-15T05:59:59.999Z'), chicago)).toBe('2027-01-14')
    expect(firmDay(at('2027-01-15T06:00:00Z'), chicago)).toBe('2027-01-15')
  })

  it('follows a change of clocks: midnight moves by an hour in UTC', () => {
    // 14 March 2027 is 23 hours long in Chicago: its clocks go from 02:00 CST to 03:00 CDT.
    expect(firmDay(at('2027-03-14T05:30:00Z'), chicago)).toBe('2027-03-13')
    expect(firmDay(at('2027-03-14T07:59:59Z'), chicago)).toBe('2027-03-14')
    expect(firmDay(at('2027-03-14T08:00:00Z'), chicago)).toBe('2027-03-14')
    // Its end is 05:00 UTC (midnight CDT), an hour before the winter's.
    expect(firmDay(at('2027-03-15T04:30:00Z'), chicago)).toBe('2027-03-14')
    expect(firmDay(at('2027-03-15T05:30:00Z'), chicago)).toBe('2027-03-15')
    // 7 November is 25 hours long: 01:00-02:00 comes twice, and both are still the 7th.
    expect(firmDay(at('2027-11-07T06:30:00Z'), chicago)).toBe('2027-11-07')
    expect(firmDay(at('2027-11-07T07:30:00Z'), chicago)).toBe('2027-11-07')
    expect(firmDay(at('2027-11-08T05:30:00Z'), chicago)).toBe('2027-11-07')
    expect(firmDay(at('2027-11-08T06:30:00Z'), chicago)).toBe('2027-11-08')
  })

  it('is ahead of UTC east of it, and is the UTC day in UTC', () => {
    expect(firmDay(at('2027-01-14T18:45:00Z'), 'Asia/Kolkata')).toBe('2027-01-15')
    expect(firmDay(at('2027-01-14T18:15:00Z'), 'Asia/Kolkata')).toBe('2027-01-14')
    expect(firmDay(at('2027-12-31T23:59:59Z'), 'UTC')).toBe('2027-12-31')
    expect(firmDay(at('2028-01-01T00:00:00Z'), 'UTC')).toBe('2028-01-01')
  })
})
