/**
 * A moment as sales read it: "Tue 1 Dec, 09:00 (America/Chicago)", in the firm's time zone
 * (SALES_TIME_ZONE), named so nobody has to guess whose nine o'clock it is.
 */
export function salesTime(moment: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).formatToParts(moment)
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value ?? ''
  // Built from the parts, not the formatted string, so the layout holds on every ICU version.
  return `${part('weekday')} ${part('day')} ${part('month')}, ${part('hour')}:${part('minute')} (${timeZone})`
}
