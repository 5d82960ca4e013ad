import { formWords } from './form-words.ts'

const number = new Intl.NumberFormat('en-US')
// The report's days are calendar days already counted in its zone: shown as such, at UTC, so
// no zone of the reader's moves one across midnight.
const calendarDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
const shortDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
})

/** A count as the console shows it: `12,345`. */
export const formatCount = (n: number): string => number.format(n)

/** A report's day, `YYYY-MM-DD`, as people read it: "Nov 28, 2026". */
export const formatDay = (day: string): string => calendarDay.format(Date.parse(day))

/** A day without its year, for the chart's axis: "Nov 28". */
export const formatShortDay = (day: string): string => shortDay.format(Date.parse(day))

/** `part` as a whole percentage of `whole`, as `npm run insights` prints it; '–' of nothing. */
export function formatRate(part: number, whole: number): string {
  return whole === 0 ? '–' : `${Math.round((part / whole) * 100)}%`
}

type Messages = Record<string, Record<string, string> | undefined>

/**
 * The words a visitor saw for `code` on `field`: the form's own English message (src/core/en.ts),
 * else a rule any field has; the code itself when the form has no words for it (an older form).
 */
export function messageSeen(field: string, code: string): string {
  const ofField = (formWords.messages as Messages)[field]?.[code]
  const ofAny = (formWords.anyField as Record<string, string | undefined>)[code]
  return ofField ?? ofAny ?? code
}
