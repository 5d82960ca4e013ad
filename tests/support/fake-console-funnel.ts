import {
  emptyFunnelSteps,
  type FunnelDay,
  type FunnelFieldDropOff,
  type FunnelQuery,
  type FunnelReport,
  type FunnelSteps,
  funnelStepNames,
  type StaffMe,
} from '#core/console-api.ts'

/**
 * What the fake's funnel counted: `quiet` a few views a day on two pages, `busy` thousands on
 * many pages with the bounded `other` rows, `onePage` a partner's single page, `empty` nothing yet.
 */
export type FunnelFixture = 'quiet' | 'busy' | 'onePage' | 'empty'

interface FixturePage {
  source: string
  page: string
  utmSource: string
  utmCampaign: string
  /** Views on an ordinary day. */
  views: number
}

const acme = 'https://acme-law.example'
const site = 'https://firm.example'

const pagesOf: Record<FunnelFixture, FixturePage[]> = {
  quiet: [
    { source: 'site', page: `${site}/request-demo`, utmSource: '', utmCampaign: '', views: 9 },
    {
      source: 'partner-acme',
      page: `${acme}/demo`,
      utmSource: 'newsletter',
      utmCampaign: 'autumn',
      views: 4,
    },
  ],
  busy: [
    { source: 'site', page: `${site}/request-demo`, utmSource: '', utmCampaign: '', views: 1800 },
    { source: 'site', page: `${site}/`, utmSource: 'google', utmCampaign: 'brand', views: 950 },
    {
      source: 'site',
      page: `${site}/pricing`,
      utmSource: 'linkedin',
      utmCampaign: 'q4-litigators',
      views: 420,
    },
    { source: 'site', page: 'other', utmSource: 'other', utmCampaign: 'other', views: 160 },
    {
      source: 'partner-acme',
      page: `${acme}/demo`,
      utmSource: 'newsletter',
      utmCampaign: 'autumn',
      views: 610,
    },
    {
      source: 'partner-globex',
      page: 'https://globex.example/ai',
      utmSource: '',
      utmCampaign: '',
      views: 240,
    },
    { source: 'other', page: 'other', utmSource: '', utmCampaign: '', views: 35 },
  ],
  onePage: [
    {
      source: 'partner-acme',
      page: `${acme}/demo`,
      utmSource: 'newsletter',
      utmCampaign: 'autumn',
      views: 40,
    },
  ],
  empty: [],
}

const dayMs = 86_400_000
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / dayMs
const dayOfNumber = (n: number) => new Date(n * dayMs).toISOString().slice(0, 10)

/** A page's steps on one day: made up from the day and the page alone, so any range agrees. */
function pageDay(page: FixturePage, index: number, day: number): FunnelSteps {
  // Weekdays busier than weekends, and a wobble per page so the days differ.
  const weekday = ((day + 4) % 7) % 6 === 0 ? 0.4 : 1
  const wobble = 0.75 + (((day * 7 + index * 13) % 11) / 10) * 0.5
  const views = Math.round(page.views * weekday * wobble)
  const starts = Math.round(views * 0.16)
  const sent = Math.round(starts * 0.34)
  const booked = Math.round(sent * 0.42)
  return {
    views,
    starts,
    sent,
    booked,
    met: Math.round(booked * 0.7),
    noShow: Math.round(booked * 0.2),
    hostAbsent: (day + index) % 17 === 0 && booked > 0 ? 1 : 0,
    heldForReview: (day + index) % 9 === 0 ? 1 : 0,
    routed: Math.floor(sent / 3),
    cancelled: (day + index) % 13 === 0 && booked > 0 ? 1 : 0,
  }
}

const stepNames = funnelStepNames
const zero = emptyFunnelSteps
function add(into: FunnelSteps, steps: FunnelSteps): FunnelSteps {
  for (const name of stepNames) into[name] += steps[name]
  return into
}

function daysOf(pages: FixturePage[], from: number, to: number): FunnelDay[] {
  const days: FunnelDay[] = []
  for (let day = from; day <= to; day++) {
    const steps = zero()
    pages.forEach((page, index) => {
      add(steps, pageDay(page, index, day))
    })
    days.push({ day: dayOfNumber(day), ...steps })
  }
  return days
}

function grouped<Key extends object>(
  pages: FixturePage[],
  from: number,
  to: number,
  keyOf: (page: FixturePage) => Key,
): (FunnelSteps & Key)[] {
  const rows = new Map<string, FunnelSteps & Key>()
  pages.forEach((page, index) => {
    const key = keyOf(page)
    const id = JSON.stringify(key)
    const row = rows.get(id) ?? { ...key, ...zero() }
    rows.set(id, row)
    for (let day = from; day <= to; day++) add(row, pageDay(page, index, day))
  })
  return [...rows.values()].sort((a, b) => b.views - a.views)
}

// The fields visitors left, made from the range's starts: the codes are the form's own.
function fieldsOf(starts: number): FunnelFieldDropOff[] {
  if (starts === 0) return []
  const part = (share: number) => Math.round(starts * share)
  return [
    {
      field: 'firstName',
      label: 'First Name',
      leftEmpty: part(0.04),
      leftWithError: 0,
      errorCodes: [],
      refused: 0,
      refusedCodes: [],
    },
    {
      field: 'email',
      label: 'Email',
      leftEmpty: part(0.03),
      leftWithError: part(0.06) + part(0.01),
      errorCodes: [
        ['invalid', part(0.06)],
        ['required', part(0.01)],
      ],
      refused: part(0.01),
      refusedCodes: [['invalid', part(0.01)]],
    },
    {
      field: 'phone',
      label: 'Phone',
      leftEmpty: part(0.08),
      leftWithError: part(0.02),
      errorCodes: [['digits', part(0.02)]],
      refused: 0,
      refusedCodes: [],
    },
  ]
}

/**
 * The console's `GET /funnel` over a fixture, as the function answers it: a partner's own
 * sources only (another source: no rows), the days just before for the comparison, rows named
 * `other` kept. The stories and tests compare the page's figures with this.
 */
export function fakeFunnelReport(
  fixture: FunnelFixture,
  me: Pick<StaffMe, 'role' | 'sources'>,
  query: FunnelQuery,
): FunnelReport {
  const visible = pagesOf[fixture].filter(
    (page) => me.role !== 'partner' || me.sources.includes(page.source),
  )
  const sources = [...new Set(visible.map((page) => page.source))]
  const pages = visible.filter((page) => !query.source || page.source === query.source)
  const from = dayNumber(query.from)
  const to = dayNumber(query.to)
  const length = to - from + 1
  const days = daysOf(pages, from, to)
  const previousDays = daysOf(pages, from - length, from - 1)
  const totals = days.reduce(add, zero())
  return {
    from: query.from,
    to: query.to,
    timeZone: 'America/New_York',
    sources,
    totals,
    days,
    previous: {
      from: dayOfNumber(from - length),
      to: dayOfNumber(from - 1),
      totals: previousDays.reduce(add, zero()),
      days: previousDays,
    },
    bySource: grouped(pages, from, to, (page) => ({ source: page.source })),
    byPage: grouped(pages, from, to, (page) => ({ source: page.source, page: page.page })),
    byCampaign: grouped(pages, from, to, (page) => ({
      utmSource: page.utmSource,
      utmCampaign: page.utmCampaign,
    })),
    fields: fieldsOf(totals.starts),
  }
}

/** `GET /funnel.csv` of the same report: a row per day, as the insights CSV has its steps. */
export function fakeFunnelCsv(report: FunnelReport): string {
  const header = ['day', ...stepNames].join(',')
  const rows = report.days.map((day) => [day.day, ...stepNames.map((name) => day[name])].join(','))
  return [header, ...rows].join('\n')
}
