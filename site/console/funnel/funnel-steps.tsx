import type { FunnelReport, FunnelSteps } from '#core/console-api.ts'
import { consoleCopy } from '../console-copy.ts'
import { formatCount, formatRate } from './funnel-format.ts'

const words = consoleCopy.funnel

/** The funnel's five steps in order, each with the one before it (for its rate). */
export const funnelSteps = ['views', 'starts', 'sent', 'booked', 'met'] as const
/** What happened beside the steps, shown with them rather than hidden. */
export const besideSteps = ['noShow', 'hostAbsent', 'heldForReview', 'routed', 'cancelled'] as const
export type FunnelStep = (typeof funnelSteps)[number]

/**
 * Views → starts → sent → booked → met for the report's days with each step's rate of the one
 * before, the period before's figure under each, and the meetings missed, the leads held for
 * review, routed and cancelled beside them.
 */
export function FunnelStepsSummary({ report }: { report: FunnelReport }) {
  const { totals, previous } = report
  return (
    <section className="funnel-summary" aria-labelledby="funnel-steps">
      <h2 id="funnel-steps">{words.steps}</h2>
      <p className="console-muted">{words.stepsIntro}</p>
      <ol className="funnel-steps">
        {funnelSteps.map((step, index) => {
          const before = funnelSteps[index - 1]
          return (
            <li key={step} className="funnel-step" data-step={step}>
              <span className="funnel-step__name">{words.stepNames[step]}</span>
              <span className="funnel-step__n">{formatCount(totals[step])}</span>
              <span className="funnel-step__rate">
                {before
                  ? words.rateOf(formatRate(totals[step], totals[before]), words.stepNames[before])
                  : words.stepMeanings.views}
              </span>
              <span className="console-muted">
                {words.before(formatCount(previous.totals[step]))}
              </span>
            </li>
          )
        })}
      </ol>
      <h3>{words.beside}</h3>
      <dl className="funnel-beside">
        {besideSteps.map((step) => (
          <div key={step} data-step={step}>
            <dt>{words.stepNames[step]}</dt>
            <dd>
              <span className="funnel-step__n">{formatCount(totals[step])}</span>{' '}
              <span className="console-muted">{words.stepMeanings[step]}</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/** True when nothing at all was counted in the report's days. */
export function countedNothing(totals: FunnelSteps): boolean {
  return [...funnelSteps, ...besideSteps].every((step) => totals[step] === 0)
}
