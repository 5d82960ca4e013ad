// A fortnight of made-up counters for two partners and the site, for the report's story and
// tests: the shape the store hands `buildInsights`, never real visitors.
import type { FunnelCount } from '#shared/analytics/funnel-store.ts'

/** The days the sample covers. */
export const sampleRange = { since: '2027-03-01', until: '2027-03-14' } as const

const pages = [
  { source: 'partner-acme', page: 'https://acme-law.example/injury-defense', views: 40 },
  { source: 'partner-acme', page: 'https://acme-law.example/contact', views: 12 },
  { source: 'site', page: 'https://counsel-ai.example/request-demo', views: 25 },
  { source: 'partner-<b>&co', page: 'https://b-and-co.example/', views: 6 },
]

// Each day's counters of each page: fewer at each step, a few fields left behind on the way.
function day(dayIndex: number): FunnelCount[] {
  const date = `2027-03-${String(dayIndex + 1).padStart(2, '0')}`
  return pages.flatMap(({ source, page, views }) => {
    const shown = Math.max(0, Math.round(views * (0.6 + ((dayIndex * 7) % 5) / 10)))
    const started = Math.round(shown * 0.45)
    const sent = Math.round(started * 0.4)
    const booked = Math.round(sent * 0.5 + (dayIndex % 3 === 0 ? 1 : 0) * Math.min(sent, 1))
    const count = (event: FunnelCount['event'], n: number, field = '', code = '') =>
      ({ day: date, source, page, event, field, code, n }) satisfies FunnelCount
    return [
      count('shown', shown),
      count('started', started),
      count('send-tried', sent + 2),
      count('sent', sent),
      count('routed', sent, '', '1'),
      count('booking-shown', sent),
      count('booking-link-used', booked + 1),
      count('booked', booked),
      count('not-now', Math.max(0, sent - booked - 1)),
      count('field-empty', Math.round(started * 0.2), 'firstName'),
      count('field-error', Math.round(started * 0.1), 'companyName', 'letterOrDigit'),
      count('field-empty', Math.round(started * 0.15), 'companySize'),
      count('refused', 1, 'lastName', 'required'),
    ].filter((entry) => entry.n > 0)
  })
}

/** The sample's counters, day by day. */
export const sampleCounts: readonly FunnelCount[] = Array.from({ length: 14 }, (_, i) =>
  day(i),
).flat()
