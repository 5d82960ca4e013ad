import { type FunnelDay, funnelStepNames } from '#core/console-api.ts'

/** Past this many days the chart and its table go by week: a bar a day no longer reads. */
const longestByDay = 92

/** How many days a row of the chart's table holds for a report of `days` days: 1 or 7. */
export function daysPerRow(days: number): 1 | 7 {
  return days > longestByDay ? 7 : 1
}

/**
 * `days` summed `size` at a time from the first, each sum named by its first day; the last may
 * hold fewer days.
 */
export function sumDays(days: readonly FunnelDay[], size: number): FunnelDay[] {
  const sums: FunnelDay[] = []
  days.forEach((day, index) => {
    const into = sums[Math.floor(index / size)]
    if (!into) {
      sums.push({ ...day })
      return
    }
    for (const step of funnelStepNames) into[step] += day[step]
  })
  return sums
}
