import { type FormEvent, useId, useState } from 'react'
import { consoleCopy } from '../console-copy.ts'
import { type FunnelFilter, type FunnelRange, funnelRanges } from './funnel-query.ts'

const words = consoleCopy.funnel

/**
 * The funnel's days and source as a form; applying it writes it into the address (see
 * funnel-view.tsx). The sources offered are the report's: a partner's own, or every one.
 */
export function FunnelFilters({
  filter,
  sources,
  onApply,
}: {
  filter: FunnelFilter
  sources: readonly string[]
  onApply: (filter: FunnelFilter) => void
}) {
  const id = useId()
  const [range, setRange] = useState<FunnelRange>(filter.range)
  const [problem, setProblem] = useState<string | null>(null)
  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const value = (name: string) => String(form.get(name) ?? '').trim()
    // A preset's days are counted again from the address; these stand only for custom ones.
    const from = value('from') || filter.from
    const to = value('to') || filter.to
    if (range === 'custom' && from > to) {
      setProblem(words.fromAfterTo)
      return
    }
    setProblem(null)
    onApply({ range, from, to, source: value('source') || undefined })
  }
  return (
    <form className="console-filters" onSubmit={apply} aria-labelledby={id}>
      <h2 id={id} className="console-subheading">
        {words.filters}
      </h2>
      <label>
        {words.range}
        <select
          name="range"
          value={range}
          onChange={(event) => setRange(event.currentTarget.value as FunnelRange)}
        >
          {funnelRanges.map((each) => (
            <option key={each} value={each}>
              {words.ranges[each]}
            </option>
          ))}
        </select>
      </label>
      {range === 'custom' && (
        <>
          <label>
            {words.from}
            <input type="date" name="from" defaultValue={filter.from} required />
          </label>
          <label>
            {words.to}
            <input type="date" name="to" defaultValue={filter.to} required />
          </label>
        </>
      )}
      <label>
        {words.source}
        <select name="source" defaultValue={filter.source ?? ''}>
          <option value="">{words.everySource}</option>
          {sources.map((source) => (
            <option key={source} value={source}>
              {source}
            </option>
          ))}
        </select>
      </label>
      {problem && (
        <p className="console-problem console-filters__wide" role="alert">
          {problem}
        </p>
      )}
      <div className="console-actions">
        <button type="submit" className="button button--primary">
          {words.show}
        </button>
      </div>
    </form>
  )
}
