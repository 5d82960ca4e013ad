import { expect, it } from 'vitest'
import { funnelReportOf, previousPeriod } from './funnel-report.ts'
import type { FunnelReportRow } from './funnel-store.ts'

const row = (part: FunnelReportRow['part'], fields: Partial<FunnelReportRow>): FunnelReportRow => ({
  part,
  day: null,
  source: '',
  page: '',
  utmSource: '',
  utmCampaign: '',
  event: 'shown',
  field: '',
  code: '',
  n: 1,
  ...fields,
})

it('compares with as many days just before, across a month', () => {
  expect(previousPeriod('2027-03-01', '2027-03-07')).toEqual({
    from: '2027-02-22',
    to: '2027-02-28',
  })
  expect(previousPeriod('2027-03-01', '2027-03-01')).toEqual({
    from: '2027-02-28',
    to: '2027-02-28',
  })
})

it("names views without a campaign as the counters' less the campaigns', and keeps 'other'", () => {
  const rows = [
    row('page', { source: 'site', page: 'https://a.example/', event: 'shown', n: 10 }),
    row('page', { source: 'site', page: 'https://a.example/', event: 'sent', n: 3 }),
    row('campaign', { utmSource: 'news', utmCampaign: 'spring', event: 'shown', n: 4 }),
    row('campaign', { utmSource: 'other', utmCampaign: 'other', event: 'shown', n: 2 }),
    row('campaign', { utmSource: 'news', utmCampaign: 'spring', event: 'sent', n: 1 }),
    row('campaign', { utmSource: '', utmCampaign: '', event: 'sent', n: 2 }),
    row('day', { day: '2027-03-02', event: 'shown', n: 10 }),
    row('day', { day: '2027-02-27', event: 'shown', n: 5 }),
  ]
  const range = { from: '2027-03-01', to: '2027-03-03', timeZone: 'UTC', source: null }
  const report = funnelReportOf(rows, range, null)
  expect(report.byCampaign).toEqual([
    expect.objectContaining({ utmSource: '', utmCampaign: '', views: 4, sent: 2 }),
    expect.objectContaining({ utmSource: 'news', utmCampaign: 'spring', views: 4, sent: 1 }),
    expect.objectContaining({ utmSource: 'other', utmCampaign: 'other', views: 2, sent: 0 }),
  ])
  expect(report.days.map((day) => day.views)).toEqual([0, 10, 0])
  expect(report.previous).toMatchObject({ from: '2027-02-26', to: '2027-02-28' })
  expect(report.previous.days.map((day) => day.views)).toEqual([0, 5, 0])
  expect(report.totals).toMatchObject({ views: 10, sent: 3 })
  expect(report.sources).toEqual(['site'])
})
