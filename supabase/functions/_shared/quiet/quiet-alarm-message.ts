import { escapeHtml } from '#core/escape-html.ts'
import type { ChatMessage } from '../notify/chat-message.ts'
import { salesTime } from '../notify/sales-time.ts'
import type { ClaimedQuietAlarm } from './quiet-alarm-store.ts'

/** What the alarm is written with besides its claim. */
export interface QuietAlarmContext {
  /** QUIET_SOURCE_HOURS. */
  quietHours: number
  /** SALES_TIME_ZONE. */
  timeZone: string
  /** CONSOLE_URL: the console's funnel, or null for no link. */
  consoleUrl: string | null
}

type Alarm = Pick<ClaimedQuietAlarm, 'source' | 'page' | 'lastView' | 'kind' | 'backAt'>

// The source as the console names it: '' is the firm's own site.
const sourceName = (source: string) => source || 'your own site (no source)'

const title = (alarm: Alarm, context: QuietAlarmContext) =>
  alarm.kind === 'quiet'
    ? `A page stopped sending views: ${sourceName(alarm.source)}, no views for ${context.quietHours} hours`
    : `A quiet page counts again: ${sourceName(alarm.source)}`

const note = (alarm: Alarm) =>
  alarm.kind === 'quiet'
    ? 'It had views every day for at least 7 days. The form on it may be broken or removed (a redesign, a new Content-Security-Policy, the script tag dropped): open the page and check the form shows.'
    : 'It has views again; nothing more to do.'

function facts(alarm: Alarm, context: QuietAlarmContext) {
  return [
    { label: 'Source', value: sourceName(alarm.source) },
    { label: 'Page', value: alarm.page },
    { label: 'Last view', value: salesTime(alarm.lastView, context.timeZone) },
    ...(alarm.backAt === null
      ? []
      : [{ label: 'Views again', value: salesTime(alarm.backAt, context.timeZone) }]),
  ]
}

function funnelLink(context: QuietAlarmContext) {
  if (context.consoleUrl === null) return null
  const url = new URL(context.consoleUrl)
  url.searchParams.set('view', 'funnel')
  return { label: 'Open the funnel in the console', url: url.href }
}

/** Slack's and Teams' message of an alarm or its all-clear. */
export function quietChatMessage(alarm: Alarm, context: QuietAlarmContext): ChatMessage {
  return {
    title: title(alarm, context),
    note: note(alarm),
    facts: facts(alarm, context),
    link: funnelLink(context),
    // Neither service drops a repeat: the spell names which alarm a second post would be.
    reference: `Quiet since ${alarm.lastView.toISOString()}`,
  }
}

/** The email of an alarm or its all-clear; the source and page are escaped, as a page wrote them. */
export function quietAlarmEmail(alarm: Alarm, context: QuietAlarmContext) {
  const lines = facts(alarm, context)
  const link = funnelLink(context)
  return {
    subject: title(alarm, context),
    html: [
      `<h1>${escapeHtml(title(alarm, context))}</h1>`,
      `<p>${escapeHtml(note(alarm))}</p>`,
      '<ul>',
      ...lines.map(({ label, value }) => `<li>${escapeHtml(label)}: ${escapeHtml(value)}</li>`),
      '</ul>',
      ...(link === null
        ? []
        : [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`]),
    ].join('\n'),
    text: [
      title(alarm, context),
      '',
      note(alarm),
      '',
      ...lines.map(({ label, value }) => `${label}: ${value}`),
      ...(link === null ? [] : ['', `${link.label}: ${link.url}`]),
    ].join('\n'),
  }
}
