import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { type ReportCadence, reportCadences } from '#core/console-api.ts'
import { consoleCopy } from '../console-copy.ts'
import { useConsoleApi } from '../console-deps.ts'

const words = consoleCopy.report
const queryKey = ['report']

/**
 * The signed-in person's own emailed report of the funnel: none, weekly or monthly. Every role
 * has it; what the report counts is what the person's funnel shows them.
 */
export function ReportChoiceControl() {
  const api = useConsoleApi()
  const choice = useQuery({ queryKey, queryFn: () => api.report() })
  const id = useId()
  return (
    <section className="console-report" aria-labelledby={id}>
      <h2 id={id} className="console-subheading">
        {words.heading}
      </h2>
      <p className="console-muted">{words.intro}</p>
      {/* Quietly, under the funnel: its own loading and failure are the report's, not the page's. */}
      {choice.isError && (
        <p className="console-problem">
          {words.notLoaded}{' '}
          <button type="button" className="button button--outline" onClick={() => choice.refetch()}>
            {words.loadAgain}
          </button>
        </p>
      )}
      {choice.isSuccess && <ReportForm chosen={choice.data.cadence} />}
    </section>
  )
}

function ReportForm({ chosen }: { chosen: ReportCadence }) {
  const api = useConsoleApi()
  const queries = useQueryClient()
  const [cadence, setCadence] = useState(chosen)
  const save = useMutation({
    mutationFn: (next: ReportCadence) => api.setReport(next),
    onSuccess: (saved) => queries.setQueryData(queryKey, saved),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(cadence)
  }
  return (
    <form className="console-actions" onSubmit={submit}>
      <fieldset className="console-report__choices">
        <legend>{words.choice}</legend>
        {reportCadences.map((each) => (
          <label key={each}>
            <input
              type="radio"
              name="report-cadence"
              value={each}
              checked={cadence === each}
              onChange={() => setCadence(each)}
            />{' '}
            {words.cadences[each]}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button button--outline" disabled={save.isPending}>
        {save.isPending ? words.saving : words.save}
      </button>
      <p className="console-live" role="status">
        {save.isSuccess ? words.saved(save.data.cadence) : ''}
      </p>
      {save.isError && (
        <p className="console-problem" role="alert">
          {`${words.failed} ${save.error instanceof Error ? save.error.message : ''}`}
        </p>
      )}
    </form>
  )
}
