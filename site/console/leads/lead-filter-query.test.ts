import { describe, expect, it } from 'vitest'
import type { LeadFilter } from '#core/console-api.ts'
import { filterFromQuery, filterParams, queryWithFilter } from './lead-filter-query.ts'

describe("the leads view's filter in the address", () => {
  it('comes back unchanged from the query it was written into, beside other parameters', () => {
    const filter: LeadFilter = {
      owner: 'me',
      status: 'contacted',
      source: 'partner-acme',
      language: 'es',
      booking: 'none',
      from: '2026-11-01',
      to: '2026-11-28',
      q: 'Smith & Jones LLP',
    }
    const search = queryWithFilter('view=leads&lead=abc', filter)
    expect(filterFromQuery(search)).toEqual(filter)
    expect(new URLSearchParams(search).get('view')).toBe('leads')
    expect(new URLSearchParams(search).get('lead')).toBe('abc')
  })

  it('removes the settings a new filter clears', () => {
    const search = queryWithFilter('view=leads&status=won&q=acme', { q: 'acme' })
    expect(search).toBe('view=leads&q=acme')
  })

  it('drops values the API would refuse, from a hand-edited address', () => {
    expect(
      filterFromQuery(
        'owner=someone&status=archived&booking=maybe&from=yesterday&to=2026-11-28&q=%20%20',
      ),
    ).toEqual({ to: '2026-11-28' })
  })

  it("gives the API's parameters without the page's own", () => {
    expect(filterParams({ status: 'new', q: 'ada' }).toString()).toBe('status=new&q=ada')
  })
})
