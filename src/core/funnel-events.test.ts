import { describe, expect, it } from 'vitest'
import { submissionMetadata } from '../fields/submission-metadata.ts'
import { messageCodes } from './demo-request-schema.ts'
import {
  checkFunnelBatch,
  functionEventNames,
  funnelBatchLimits,
  funnelEventNames,
  funnelPage,
  pageEventNames,
} from './funnel-events.ts'
import { formFieldNames } from './lead-fields.ts'

const page = 'https://partner.example/contact'

describe('the list of funnel events', () => {
  it('splits into what a page reports and what only the function counts', () => {
    expect(pageEventNames).toEqual([
      'shown',
      'started',
      'field-error',
      'field-empty',
      'send-tried',
      'refused',
      'booking-shown',
      'booking-link-used',
      'not-now',
    ])
    expect(functionEventNames).toEqual(['sent', 'held', 'routed', 'booked', 'cancelled'])
    expect(funnelEventNames).toEqual([...pageEventNames, ...functionEventNames])
  })
})

describe('funnelPage', () => {
  it('keeps the origin and path, and drops the query and fragment', () => {
    expect(funnelPage(`${page}?utm_source=x&email=a@b.example#form`)).toBe(page)
    expect(funnelPage('https://partner.example/')).toBe('https://partner.example/')
    expect(funnelPage('http://localhost:3000/request-demo#x')).toBe(
      'http://localhost:3000/request-demo',
    )
  })

  it('refuses what a browser never writes as location.href', () => {
    for (const address of [
      'https://partner.example',
      'HTTPS://partner.example/contact',
      'https://partner.example:443/contact',
      'https://user:pass@partner.example/',
      'ftp://partner.example/',
      'javascript:alert(1)',
      '/contact',
      '',
    ]) {
      expect(funnelPage(address), address).toBeNull()
    }
  })
})

describe('checkFunnelBatch', () => {
  it('accepts every page event with its field and code, and cleans the source as a lead', () => {
    const events = pageEventNames.map((event) =>
      event === 'field-error' || event === 'refused'
        ? { event, field: 'email', code: 'invalid' }
        : event === 'field-empty'
          ? { event, field: 'firstName' }
          : { event },
    )
    const result = checkFunnelBatch({
      source: ' partner-acme\u0000 ',
      utmSource: ' newsletter ',
      utmCampaign: `spring${'!'.repeat(300)}`,
      page: `${page}?q=1`,
      events,
    })
    expect(result).toEqual({
      success: true,
      output: {
        source: 'partner-acme',
        utmSource: 'newsletter',
        utmCampaign: `spring${'!'.repeat(194)}`,
        page,
        events,
      },
    })
    expect(checkFunnelBatch({ page, events: [{ event: 'shown' }] })).toMatchObject({
      success: true,
      output: { source: '', utmSource: '', utmCampaign: '' },
    })
  })

  it('takes every field of the catalogue and every message code', () => {
    for (const field of formFieldNames) {
      for (const code of messageCodes) {
        const batch = { page, events: [{ event: 'refused', field, code }] }
        expect(checkFunnelBatch(batch).success, `${field} ${code}`).toBe(true)
      }
    }
  })

  it('names the rule each refused part broke', () => {
    const refused = (input: unknown) => {
      const result = checkFunnelBatch(input)
      return result.success ? {} : result.problems
    }
    expect(refused([])).toEqual({ batch: 'must be a JSON object' })
    expect(refused({ page, events: [{ event: 'sent' }] })).toEqual({
      'events.0.event': 'is counted by the function from its own records, never from a page',
    })
    expect(refused({ page, events: [{ event: 'booked' }, { event: 'clicked' }] })).toMatchObject({
      'events.0.event': expect.stringContaining('counted by the function'),
      'events.1.event': expect.stringContaining('must be one of shown, started'),
    })
    expect(
      refused({ page, events: [{ event: 'field-error', field: 'password', code: 'x', id: 1 }] }),
    ).toEqual({
      'events.0.field': expect.stringContaining('must be a field of the form'),
      'events.0.code': expect.stringContaining('must be a message code'),
      'events.0.id': 'is not part of a field-error event',
    })
    expect(refused({ page, events: [{ event: 'field-empty' }] })).toEqual({
      'events.0.field': 'is required',
    })
    expect(refused({ page, events: [{ event: 'shown' }, { event: 'shown' }] })).toEqual({
      events: expect.stringContaining("a batch is one page view's events"),
    })
    expect(refused({ page, events: [] })).toEqual({ events: 'must hold at least one event' })
    const tooMany = Array.from({ length: funnelBatchLimits.events + 1 }, () => ({
      event: 'send-tried',
    }))
    expect(refused({ page, events: tooMany })).toEqual({
      events: `must hold at most ${funnelBatchLimits.events} events`,
    })
    expect(refused({ page, events: [{ event: 'shown' }], visitorId: 'abc' })).toEqual({
      visitorId: 'is not part of a batch: source, utmSource, utmCampaign, page and events are',
    })
    expect(refused({ page: 'https://partner.example', events: [{ event: 'shown' }] })).toEqual({
      page: 'must be an http(s) page address, as location.href writes it',
    })
  })

  it("cuts an over-long source as a lead's is cut, rather than refusing the batch", () => {
    const source = `${'x'.repeat(99)}😀 and more`
    const lead = submissionMetadata({ source, pageUrl: page, referrer: '', website: '' })
    const batch = checkFunnelBatch({ source, page, events: [{ event: 'shown' }] })
    expect(batch).toMatchObject({ success: true, output: { source: lead.source } })
    expect(lead.source).toBe('x'.repeat(99))
  })
})
