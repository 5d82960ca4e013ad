import { describe, expect, it } from 'vitest'
import { insightsCsv, insightsTable } from '#shared/analytics/insights-format.ts'
import { insightsHtml } from './insights-html.ts'
import { buildInsights, rate, reportDays } from './insights-report.ts'
import { sampleCounts, sampleRange } from './sample-counts.ts'

const report = buildInsights(sampleCounts, sampleRange)
const sum = (event: string, source?: string) =>
  sampleCounts
    .filter((count) => count.event === event && (source === undefined || count.source === source))
    .reduce((total, count) => total + count.n, 0)

describe('buildInsights', () => {
  it('sums each source and page over its days, most viewed first', () => {
    expect(report.pages.map((page) => page.page)).toEqual([
      'https://acme-law.example/injury-defense',
      'https://counsel-ai.example/request-demo',
      'https://acme-law.example/contact',
      'https://b-and-co.example/',
    ])
    const acme = report.sources.find((source) => source.source === 'partner-acme')
    expect(acme?.counts.shown).toBe(sum('shown', 'partner-acme'))
    expect(acme?.counts.booked).toBe(sum('booked', 'partner-acme'))
    expect(report.days).toHaveLength(14)
    expect(report.days.reduce((total, day) => total + day.sent, 0)).toBe(sum('sent'))
  })

  it('gives each field left its drop-off and codes, in the form order', () => {
    expect(report.fields.map((field) => [field.field, field.label])).toEqual([
      ['firstName', 'First name'],
      ['lastName', 'Last name'],
      ['companyName', 'Company'],
      ['companySize', 'Company size'],
    ])
    const company = report.fields.find((field) => field.field === 'companyName')
    expect(company?.errorCodes).toEqual([['letterOrDigit', company?.leftWithError]])
  })

  it('keeps one source, and the days asked for', () => {
    const one = buildInsights(sampleCounts, {
      since: '2027-03-14',
      until: '2027-03-14',
      source: 'site',
    })
    expect(one.pages.map((page) => page.source)).toEqual(['site'])
    expect(one.days).toEqual([
      { day: '2027-03-14', sent: expect.any(Number), booked: expect.any(Number) },
    ])
    expect(reportDays(new Date('2027-03-14T23:59:00Z'), 14)).toEqual(sampleRange)
    expect([rate(1, 4), rate(1, 0)]).toEqual(['25%', '–'])
  })
})

describe('the report as text, CSV and HTML', () => {
  it('prints one CSV row per source and page, the four steps first', () => {
    const [header, ...rows] = insightsCsv(report).trim().split('\r\n')
    expect(header?.split(',').slice(0, 6)).toEqual([
      'source',
      'page',
      'views',
      'starts',
      'sent',
      'booked',
    ])
    expect(header).toContain('field_empty')
    expect(rows).toHaveLength(4)
  })

  it('says plainly when nothing was counted', () => {
    const empty = buildInsights([], sampleRange)
    expect(insightsTable(empty)).toContain('Nothing counted in these days.')
    expect(insightsHtml(empty)).toContain('Nothing counted in these days.')
  })

  it('writes one self-contained page: nothing fetched, every text escaped', () => {
    const html = insightsHtml(report)
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/)
    expect(html).not.toMatch(
      /<(script|link|iframe|img|object|embed)\b|\b(src|href|srcset)=|@import|url\(/i,
    )
    // A source is the partner's attribute: shown as text, never as markup.
    expect(html).toContain('partner-&lt;b&gt;&amp;co')
    expect(html).not.toContain('partner-<b>')
    expect(html).toContain('<svg role="img"')
  })
})
