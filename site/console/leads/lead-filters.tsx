import { type FormEvent, useId } from 'react'
import {
  bookingFilters,
  type LeadFilter,
  ownerFilters,
  pipelineStatuses,
} from '#core/console-api.ts'
import { consoleCopy } from '../console-copy.ts'

const words = consoleCopy.leads

/** The leads filter as a form; applying it writes it into the address (see leads-view.tsx). */
export function LeadFilters({
  filter,
  onApply,
}: {
  filter: LeadFilter
  onApply: (filter: LeadFilter) => void
}) {
  const id = useId()
  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const value = (name: string) => String(form.get(name) ?? '').trim() || undefined
    onApply({
      owner: value('owner') as LeadFilter['owner'],
      status: value('status') as LeadFilter['status'],
      source: value('source'),
      language: value('language'),
      booking: value('booking') as LeadFilter['booking'],
      from: value('from'),
      to: value('to'),
      q: value('q'),
    })
  }
  // Keyed by the filter, so going back or a shared address shows what the list shows.
  return (
    <form
      key={JSON.stringify(filter)}
      className="console-filters"
      onSubmit={apply}
      aria-labelledby={id}
    >
      <h2 id={id} className="console-subheading">
        {words.filters}
      </h2>
      <label className="console-filters__search">
        {words.search}
        <input type="search" name="q" defaultValue={filter.q} />
      </label>
      <label>
        {words.owner}
        <select name="owner" defaultValue={filter.owner ?? ''}>
          <option value="">{words.anyone}</option>
          {ownerFilters.map((owner) => (
            <option key={owner} value={owner}>
              {words.owners[owner]}
            </option>
          ))}
        </select>
      </label>
      <label>
        {words.status}
        <select name="status" defaultValue={filter.status ?? ''}>
          <option value="">{words.any}</option>
          {pipelineStatuses.map((status) => (
            <option key={status} value={status}>
              {consoleCopy.statuses[status]}
            </option>
          ))}
        </select>
      </label>
      <label>
        {words.booking}
        <select name="booking" defaultValue={filter.booking ?? ''}>
          <option value="">{words.any}</option>
          {bookingFilters.map((booking) => (
            <option key={booking} value={booking}>
              {consoleCopy.bookings[booking]}
            </option>
          ))}
        </select>
      </label>
      <label>
        {words.source}
        <input name="source" defaultValue={filter.source} />
      </label>
      <label>
        {words.language}
        <input name="language" defaultValue={filter.language} size={5} />
      </label>
      <label>
        {words.from}
        <input type="date" name="from" defaultValue={filter.from} />
      </label>
      <label>
        {words.to}
        <input type="date" name="to" defaultValue={filter.to} />
      </label>
      <div className="console-actions">
        <button type="submit" className="button button--primary">
          {words.apply}
        </button>
        <button type="button" className="button button--ghost" onClick={() => onApply({})}>
          {words.clear}
        </button>
      </div>
    </form>
  )
}
