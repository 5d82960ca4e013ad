import { Bar, LinePath } from '@visx/shape'
import type { FunnelDay } from '#core/console-api.ts'
import { consoleCopy } from '../console-copy.ts'
import { formatShortDay } from './funnel-format.ts'
import type { FunnelStep } from './funnel-steps.tsx'

const words = consoleCopy.funnel
const width = 720
const height = 180
const axis = 20

/**
 * One step by day as bars, the period before as a line over them. A picture only: hidden from
 * screen readers, since the table beside it (funnel-by-day.tsx) holds the same figures.
 * Drawn in an SVG whose viewBox stretches to the width it is given, from 320 px up.
 */
export function FunnelDayChart({
  days,
  previous,
  step,
}: {
  days: FunnelDay[]
  previous: FunnelDay[]
  step: FunnelStep
}) {
  const highest = Math.max(1, ...days.map((day) => day[step]), ...previous.map((day) => day[step]))
  const slot = width / Math.max(days.length, 1)
  const y = (n: number) => (height - axis) * (1 - n / highest)
  const first = days[0]
  const last = days.at(-1)
  return (
    <div className="funnel-chart" aria-hidden="true">
      <p className="funnel-legend">
        <span className="funnel-legend__now" />
        {words.legendNow} <span className="funnel-legend__before" />
        {words.legendBefore}
      </p>
      {/* biome-ignore lint/a11y/noSvgWithoutTitle: hidden with its figure; the table beside it is the text */}
      <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" focusable="false">
        {days.map((day, index) => (
          <Bar
            key={day.day}
            className="funnel-chart__bar"
            x={index * slot + slot * 0.1}
            y={y(day[step])}
            width={slot * 0.8}
            height={height - axis - y(day[step])}
          />
        ))}
        <LinePath
          className="funnel-chart__before"
          data={previous.slice(0, days.length)}
          x={(_, index) => index * slot + slot / 2}
          y={(day) => y(day[step])}
        />
      </svg>
      <p className="funnel-chart__axis">
        <span>{first ? formatShortDay(first.day) : ''}</span>
        <span>{last ? formatShortDay(last.day) : ''}</span>
      </p>
    </div>
  )
}
