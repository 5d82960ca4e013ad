// Intl alone: the console shows instants and counts back whole days from today, which Intl and
// Date do without a date library's bytes in the chunk.
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' })

const steps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
]

/** An ISO instant as the reader's clock shows it: "Nov 28, 2026, 1:05 PM". */
export function formatInstant(iso: string): string {
  return dateTime.format(new Date(iso))
}

/** How long ago `iso` was from `now`: "3 hours ago", "yesterday". */
export function formatAgo(iso: string, now: Date): string {
  let amount = (new Date(iso).getTime() - now.getTime()) / 1000
  for (const [unit, size] of steps) {
    if (Math.abs(amount) < size) return relative.format(Math.round(amount), unit)
    amount /= size
  }
  return relative.format(Math.round(amount), 'year')
}

/** The local calendar day of `date` as a date input holds it, `YYYY-MM-DD`. */
export function dayOf(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** The local day `days` before `date`'s. */
export function daysBefore(date: Date, days: number): Date {
  const earlier = new Date(date)
  earlier.setDate(earlier.getDate() - days)
  return earlier
}
