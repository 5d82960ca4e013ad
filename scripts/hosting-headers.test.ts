import { describe, expect, it } from 'vitest'
import { parseRoutes } from '#shared/booking/routes.ts'
import { bookingFrameOrigins, headersForPath, pageHeaderRules } from '../server/page-headers.ts'

const policy = (frameOrigins?: string[]) =>
  headersForPath(pageHeaderRules(['<script>start()</script>'], undefined, frameOrigins), '/').find(
    ([name]) => name === 'Content-Security-Policy',
  )?.[1]

describe('the pages’ Content-Security-Policy', () => {
  it('lets the form frame the booking pages its routes show, each from the origin it is framed from', () => {
    const routes = parseRoutes(
      JSON.stringify([
        { when: { companySize: ['200+ employees'] }, book: 'https://cal.com/acme/demo' },
        { when: { companySize: ['50-200 employees'] }, book: 'https://calendly.com/acme/demo' },
        { book: 'https://example.com/book' },
      ]),
    )
    expect(bookingFrameOrigins(routes)).toEqual(['https://app.cal.com', 'https://calendly.com'])
    expect(policy(bookingFrameOrigins(routes))).toContain(
      "frame-src 'self' https://app.cal.com https://calendly.com;",
    )
  })

  it('frames nothing but its own without routes, and is framed by no page', () => {
    expect(policy()).not.toContain('frame-src')
    expect(policy()).toContain("frame-ancestors 'none'")
  })
})
