import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import {
  type FunnelReport,
  type FunnelSteps,
  funnelStepNames,
  type StaffMe,
} from '#core/console-api.ts'
import { firmDay } from '#core/firm-day.ts'
import { consoleCopy } from '../site/console/console-copy.ts'
import { formatCount } from '../site/console/funnel/funnel-format.ts'
import { fakeFunnelReport } from '../tests/support/fake-console-funnel.ts'
import { type ConsoleFake, ConsoleStory, consoleStoryFrame, fakeHolder } from './console-story.tsx'

/**
 * The console's funnel view (site/console/funnel/funnel-view.tsx) over the fake's fixtures
 * (tests/support/fake-console-funnel.ts): each play compares the figures shown with the
 * fixture's own report for the days the view asked.
 */
const meta = {
  title: 'Console/Funnel',
  component: ConsoleStory,
  ...consoleStoryFrame,
} satisfies Meta<typeof ConsoleStory>

export default meta
type Story = StoryObj<typeof meta>

const words = consoleCopy.funnel

type Reader = Pick<StaffMe, 'role' | 'sources'>
const acme: Reader = { role: 'partner', sources: ['partner-acme'] }
const everyone: Reader = { role: 'marketing', sources: [] }

/** The report the fake answered for the view's last `GET /funnel`, from the fixture itself. */
function expectedReport(
  fake: ConsoleFake,
  fixture: Parameters<typeof fakeFunnelReport>[0],
  me = everyone,
) {
  const asked = fake.api.funnelQueries.filter((each) => each.route === 'funnel').at(-1)
  if (!asked) throw new Error('The view asked for no funnel')
  return fakeFunnelReport(fixture, me, asked.query)
}

/** The four steps and the three beside them, as the page shows each, equal the report's totals. */
function expectTotalsShown(canvasElement: HTMLElement, totals: FunnelSteps) {
  for (const [step, n] of Object.entries(totals)) {
    const shown = canvasElement.querySelector(`[data-step="${step}"] .funnel-step__n`)
    expect(shown, step).toHaveTextContent(formatCount(n))
  }
}

/**
 * The report of the view's last request, once the page shows its totals. The view may ask again
 * when the first reply names the firm's zone and its "today" is another day than the reader's.
 */
function shownReport(
  canvasElement: HTMLElement,
  fake: ConsoleFake,
  fixture: Parameters<typeof fakeFunnelReport>[0],
  me = everyone,
): Promise<FunnelReport> {
  return waitFor(() => {
    const report = expectedReport(fake, fixture, me)
    expectTotalsShown(canvasElement, report.totals)
    return report
  })
}

/**
 * The table `caption` names, once shown. By the DOM rather than a role query: a year's tables
 * made each role query a scan of thousands of cells.
 */
function findTable(canvasElement: HTMLElement, caption: string): Promise<HTMLElement> {
  return waitFor(() => {
    const table = [...canvasElement.querySelectorAll('table')].find(
      (each) => each.caption?.textContent === caption,
    )
    if (!table) throw new Error(`No table "${caption}" yet`)
    return table
  })
}

/** Each row of the by-day (or by-week) table holds the figures of its `size` days, in order. */
function expectDaysShown(table: HTMLElement, report: FunnelReport, size = 1) {
  // The DOM rather than role queries: a year's rows by role took most of the test's time.
  const rows = [...table.querySelectorAll('tbody tr')]
  expect(rows).toHaveLength(Math.ceil(report.days.length / size))
  rows.forEach((row, index) => {
    const days = report.days.slice(index * size, (index + 1) * size)
    const figures = [...row.querySelectorAll('td')]
      .slice(0, funnelStepNames.length)
      .map((cell) => cell.textContent)
    const steps = funnelStepNames.map((step) => days.reduce((sum, day) => sum + day[step], 0))
    expect(figures, days[0]?.day).toEqual(steps.map(formatCount))
  })
}

const quiet = fakeHolder()

export const QuietWeek: Story = {
  name: 'A quiet week',
  args: {
    role: 'marketing',
    path: '/console?view=funnel&range=7',
    funnel: 'quiet',
    onFake: quiet.onFake,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const table = await canvas.findByRole('table', {
      name: words.dayCaption(words.stepNames.views),
    })
    const report = await shownReport(canvasElement, quiet.fake(), 'quiet')
    expect(report.days).toHaveLength(7)
    // The last 7 days end with the firm's today (the report's zone), whatever the reader's is.
    expect(report.to).toBe(firmDay(new Date(), report.timeZone))
    expectDaysShown(table, report)
    // The chart is a picture of the table: hidden from screen readers, who read the table.
    expect(canvasElement.querySelector('.funnel-chart')).toHaveAttribute('aria-hidden', 'true')
    expect(canvas.getByText(/days as counted in America\/New_York/)).toBeVisible()
  },
}

const meetings = fakeHolder()

export const ToTheMeeting: Story = {
  name: 'To the meeting: met, with the meetings missed and the leads held for review beside',
  args: {
    role: 'sales',
    path: '/console?view=funnel&range=30',
    funnel: 'quiet',
    onFake: meetings.onFake,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const report = await shownReport(canvasElement, meetings.fake(), 'quiet')
    const met = canvasElement.querySelector('.funnel-steps [data-step="met"]')
    expect(met).toHaveTextContent(`${words.stepNames.met}${formatCount(report.totals.met)}`)
    expect(met).toHaveTextContent(words.stepNames.booked.toLowerCase())
    for (const step of ['noShow', 'hostAbsent', 'heldForReview'] as const) {
      const beside = canvasElement.querySelector(`.funnel-beside [data-step="${step}"]`)
      expect(beside).toHaveTextContent(words.stepNames[step])
      expect(beside).toHaveTextContent(words.stepMeanings[step])
    }
    expect(canvas.queryByText(/^Held$/)).toBeNull()
  },
}

const busy = fakeHolder()

export const BusyYear: Story = {
  name: 'A busy year',
  args: {
    role: 'owner',
    path: '/console?view=funnel&range=custom&from=2025-12-01&to=2026-11-30',
    funnel: 'busy',
    onFake: busy.onFake,
  },
  play: async ({ canvasElement }) => {
    // A year goes by week: 52 weeks and a day.
    const table = await findTable(canvasElement, words.weekCaption(words.stepNames.views))
    const report = await shownReport(canvasElement, busy.fake(), 'busy')
    expect(report.days).toHaveLength(365)
    expectDaysShown(table, report, 7)
    // The bounded rows are shown, each table saying what its `other` gathers.
    const notes = [...canvasElement.querySelectorAll('.funnel-other')].map(
      (note) => note.textContent,
    )
    expect(notes).toEqual(Object.values(words.otherNotes))
    const campaigns = await findTable(canvasElement, words.campaignCaption)
    const campaignNames = [...campaigns.querySelectorAll('tbody th')].map((th) => th.textContent)
    expect(campaignNames).toContain(words.none)
    expect(campaignNames).toContain('other')
    // Drop-off per field in the words the visitors saw.
    const fields = await findTable(canvasElement, words.fieldsCaption)
    expect(fields).toHaveTextContent('Please enter an email address like name@firm.com')
  },
}

const partner = fakeHolder()

export const PartnerOnePage: Story = {
  name: 'A partner with one page',
  args: { role: 'partner', path: '/console', funnel: 'onePage', onFake: partner.onFake },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const pages = await canvas.findByRole('table', { name: words.pageCaption })
    const report = await shownReport(canvasElement, partner.fake(), 'onePage', acme)
    expect(within(pages).getAllByRole('row')).toHaveLength(2)
    // Its own source only, offered and shown; no navigation, the funnel being its one view.
    const sources = within(canvas.getByLabelText(words.source)).getAllByRole('option')
    expect(sources.map((option) => option.textContent)).toEqual([words.everySource, 'partner-acme'])
    expect(canvas.queryByRole('navigation', { name: consoleCopy.nav })).toBeNull()
    // Its own CSV, of the days shown.
    await userEvent.click(canvas.getByRole('button', { name: words.download }))
    await canvas.findByText(/^Saved funnel-.+\.csv\.$/)
    expect(partner.fake().api.funnelQueries.at(-1)).toEqual({
      route: 'funnel.csv',
      query: { from: report.from, to: report.to },
    })
  },
}

const filtering = fakeHolder()

export const FilterFollowed: Story = {
  name: 'Days and source into the address and the CSV',
  args: { role: 'owner', path: '/console?view=funnel', funnel: 'busy', onFake: filtering.onFake },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('table', { name: words.sourceCaption })
    await userEvent.selectOptions(canvas.getByLabelText(words.range), '7')
    await userEvent.selectOptions(canvas.getByLabelText(words.source), 'partner-acme')
    await userEvent.click(canvas.getByRole('button', { name: words.show }))
    await waitFor(() =>
      expect(filtering.fake().history.at(-1)).toBe(
        '/console?view=funnel&range=7&source=partner-acme',
      ),
    )
    const days = await canvas.findByRole('table', { name: words.dayCaption(words.stepNames.views) })
    await waitFor(() => expect(within(days).getAllByRole('row')).toHaveLength(8))
    const report = await shownReport(canvasElement, filtering.fake(), 'busy')
    expect(report.sources).toContain('site')
    await userEvent.click(canvas.getByRole('button', { name: words.download }))
    await canvas.findByText(`Saved funnel-partner-acme-${report.from}-to-${report.to}.csv.`)
    expect(filtering.fake().api.funnelQueries.at(-1)).toEqual({
      route: 'funnel.csv',
      query: { from: report.from, to: report.to, source: 'partner-acme' },
    })
    // The other sources are still offered, to go back to.
    expect(
      within(canvas.getByLabelText(words.source)).getByRole('option', { name: 'site' }),
    ).toBeDefined()
  },
}

export const CustomDaysWrong: Story = {
  name: 'Custom days the wrong way round',
  args: { role: 'marketing', path: '/console?view=funnel', funnel: 'quiet' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('table', { name: words.sourceCaption })
    await userEvent.selectOptions(canvas.getByLabelText(words.range), 'custom')
    const from = canvas.getByLabelText(words.from)
    const to = canvas.getByLabelText(words.to)
    await userEvent.clear(from)
    await userEvent.type(from, '2026-11-20')
    await userEvent.clear(to)
    await userEvent.type(to, '2026-11-10')
    await userEvent.click(canvas.getByRole('button', { name: words.show }))
    expect(await canvas.findByRole('alert')).toHaveTextContent(words.fromAfterTo)
  },
}

export const NoDataYet: Story = {
  name: 'No data yet',
  args: { role: 'marketing', path: '/console?view=funnel', funnel: 'empty' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByText(words.empty)
    expect(canvas.queryByRole('table')).toBeNull()
    expect(canvas.getByRole('button', { name: words.download })).toBeEnabled()
  },
}

export const Failed: Story = {
  name: 'Failed',
  args: { role: 'marketing', path: '/console?view=funnel', failure: '500' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    expect(await canvas.findByRole('alert')).toHaveTextContent('The console failed.')
    expect(canvas.getByRole('button', { name: consoleCopy.retry })).toBeVisible()
  },
}

export const Loading: Story = {
  name: 'Loading',
  args: { role: 'marketing', path: '/console?view=funnel', failure: 'loading' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // The filter and the download are there at once; the report is said to be on its way.
    await canvas.findByLabelText(words.range)
    expect(canvas.getByRole('button', { name: words.download })).toBeEnabled()
    expect(await canvas.findByText(consoleCopy.loading)).toHaveAttribute('role', 'status')
  },
}

// The narrowest phone: the page never scrolls sideways; each wide table scrolls in its region.
export const Narrow: Story = {
  name: '320 px wide',
  args: { role: 'owner', path: '/console?view=funnel&range=90', funnel: 'busy', width: 320 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const caption = words.dayCaption(words.stepNames.views)
    const table = await canvas.findByRole('table', { name: caption })
    const page = canvasElement.querySelector<HTMLElement>('[data-console-page]')
    expect(page?.scrollWidth).toBe(320)
    const region = canvas.getByRole('region', { name: caption })
    expect(region).toHaveAttribute('tabindex', '0')
    expect(region.clientWidth).toBeLessThanOrEqual(320)
    expect(table.scrollWidth).toBeGreaterThan(region.clientWidth)
    const chart = canvasElement.querySelector<HTMLElement>('.funnel-chart svg')
    expect(chart?.getBoundingClientRect().width).toBeLessThanOrEqual(320)
  },
}
