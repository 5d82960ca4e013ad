// Every word of the emailed funnel report and of its unsubscribe page, in one place. English only,
// as the console they come from; the steps' names are the console's own (funnel-step-words.ts).
import type { ReportCadence } from '#core/console-api.ts'

type Cadence = Exclude<ReportCadence, 'none'>

const number = new Intl.NumberFormat('en-US')
const longDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })
const monthOf = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

/** A count as the console shows it: `12,345`. */
export const count = (n: number) => number.format(n)

/** The report's days in words: "November 2026", or "November 30 to December 6, 2026". */
export function periodWords(cadence: Cadence, from: string, to: string): string {
  if (cadence === 'monthly') return monthOf.format(Date.parse(from))
  return `${longDay.format(Date.parse(from))} to ${longDay.format(Date.parse(to))}`
}

export const reportCopy = {
  subject: (cadence: Cadence, period: string, views: number, sent: number) =>
    `Your ${cadence} funnel, ${period}: ${count(views)} views, ${count(sent)} sent`,
  heading: (cadence: Cadence) => `Your ${cadence} funnel report`,
  intro: (period: string, timeZone: string) => `${period}, days as counted in ${timeZone}.`,
  sources: (sources: readonly string[]) =>
    sources.length === 0 ? 'Your sources: none yet.' : `Your sources: ${sources.join(', ')}.`,
  steps: 'The funnel',
  step: 'Step',
  now: { weekly: 'This week', monthly: 'This month' } satisfies Record<Cadence, string>,
  before: { weekly: 'Week before', monthly: 'Month before' } satisfies Record<Cadence, string>,
  change: 'Change',
  /** The change over the period before: "+25%", "−3%", "new" from nothing, "–" for none. */
  changeOf: (now: number, before: number) => {
    if (now === before) return '–'
    if (before === 0) return 'new'
    const percent = Math.round(((now - before) / before) * 100)
    return percent > 0 ? `+${percent}%` : `−${Math.abs(percent)}%`
  },
  left: 'Where most people left',
  leftField: (label: string, empty: number, error: number) =>
    `${label}: left empty ${count(empty)} ${empty === 1 ? 'time' : 'times'}, with an error ${count(error)} ${error === 1 ? 'time' : 'times'}.`,
  noneLeft: 'No field was left empty or with an error.',
  topSources: 'Top sources',
  topPages: 'Top pages',
  topCampaigns: 'Top campaigns',
  source: 'Source',
  page: 'Page',
  campaign: 'utm_source / utm_campaign',
  none: '(none)',
  open: 'Open this funnel in the console',
  why: (cadence: Cadence) =>
    `You get this because you chose a ${cadence} report in the console, where you can change it.`,
  unsubscribe: 'Unsubscribe',
  unsubscribePage: {
    title: 'Funnel report emails',
    ask: 'Stop the funnel report emails?',
    askIntro: 'You will get no more reports. You can choose one again in the console.',
    confirm: 'Unsubscribe',
    done: 'You are unsubscribed. No more funnel reports will be sent to you.',
    unknown:
      'This unsubscribe link is not known here. Change your report in the console, or ask the owner of your account.',
  },
}
