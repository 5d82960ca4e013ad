// One formatter a zone: making one costs far more than using it, and a process serves few zones.
const dayFormats = new Map<string, Intl.DateTimeFormat>()

/**
 * The day of `moment` in `timeZone` (the firm's, SALES_TIME_ZONE), `YYYY-MM-DD`: a batch at 23:30
 * in Chicago counts on the day the firm's staff call it, as its leads do. Throws a RangeError for
 * a zone this runtime does not know.
 */
export function firmDay(moment: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone,
    })
    dayFormats.set(timeZone, format)
  }
  const parts = format.formatToParts(moment)
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value ?? ''
  // From the parts, not a formatted string: `en-CA`'s layout is YYYY-MM-DD in some ICU versions
  // only (WebKitGTK's wrote 11/28/2026, and the console's days became Invalid Date).
  return `${part('year')}-${part('month')}-${part('day')}`
}
