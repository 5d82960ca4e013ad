import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useRef, useState } from 'react'
import { Link, useLocation } from 'wouter'
import {
  type LeadDetail,
  type LeadHistoryEntry,
  type LeadMeeting,
  type LeadOwnerRef,
  type MeetingOutcome,
  type MeetingVia,
  meetingOutcomes,
  type OwnerVia,
  type PipelineStatus,
  pipelineStatuses,
} from '#core/console-api.ts'
import { consoleCopy } from '../console-copy.ts'
import { formatAgo, formatInstant } from '../console-dates.ts'
import { useConsoleApi } from '../console-deps.ts'
import { Failed, Loading } from '../query-status.tsx'
import { useFocusOnChange } from '../use-focus-on-change.ts'
import { LeadErase } from './lead-erase.tsx'

const words = consoleCopy.lead
const meetingWords = consoleCopy.meeting

/** One lead: everything it carries, a reply, its owner, pipeline status, notes and history. */
export function LeadPanel({ id, backQuery }: { id: string; backQuery: string }) {
  const api = useConsoleApi()
  const [path] = useLocation()
  const [erased, setErased] = useState<number>()
  const outcome = useRef<HTMLParagraphElement>(null)
  // The erase button is gone with the lead: the outcome is where a screen reader goes on.
  useFocusOnChange(outcome, erased)
  const detail = useQuery({
    queryKey: ['lead', id],
    queryFn: () => api.lead(id),
    enabled: erased === undefined,
  })
  return (
    <article className="console-lead">
      <p>
        <Link href={backQuery ? `${path}?${backQuery}` : path}>{words.back}</Link>
      </p>
      {erased !== undefined ? (
        <p ref={outcome} tabIndex={-1} className="console-live" role="status">
          {consoleCopy.people.erased(erased)}
        </p>
      ) : detail.isPending ? (
        <Loading />
      ) : detail.isError ? (
        <Failed error={detail.error} retry={() => detail.refetch()} />
      ) : (
        <LeadBody id={id} detail={detail.data} onErased={setErased} />
      )}
    </article>
  )
}

const text = (value: unknown) =>
  value === null || value === undefined || value === '' ? words.empty : String(value)

function LeadBody({
  id,
  detail,
  onErased,
}: {
  id: string
  detail: LeadDetail
  onErased: (count: number) => void
}) {
  const { lead } = detail
  const name = `${text(lead.first_name)} ${lead.last_name ?? ''}`.trim()
  const heading = useRef<HTMLHeadingElement>(null)
  useFocusOnChange(heading, id, true)
  const email = typeof lead.email === 'string' ? lead.email : null
  const reply = email
    ? `mailto:${encodeURIComponent(email)}?subject=${encodeURIComponent(words.replySubject)}`
    : null
  return (
    <>
      <h2 ref={heading} tabIndex={-1}>
        {name}
        {lead.company_name ? `, ${lead.company_name}` : ''}
      </h2>
      {typeof lead.created_at === 'string' && (
        <p className="console-muted">{words.received(formatAgo(lead.created_at, new Date()))}</p>
      )}
      {reply && (
        <p>
          <a className="button button--primary" href={reply}>
            {words.reply}
          </a>
        </p>
      )}
      <div className="console-lead__columns">
        <section aria-labelledby={`${id}-fields`}>
          <h3 id={`${id}-fields`}>{words.fields}</h3>
          <dl className="console-fields">
            {Object.entries(lead).map(([field, value]) => (
              <div key={field}>
                <dt>{field.replaceAll('_', ' ')}</dt>
                <dd>{text(value)}</dd>
              </div>
            ))}
          </dl>
        </section>
        <div>
          <OwnerForm id={id} owner={detail.owner} />
          {detail.meeting && <MeetingForm id={id} meeting={detail.meeting} />}
          <StatusForm id={id} status={detail.status} />
          <NoteForm id={id} />
          <History detail={detail} />
          <LeadErase id={id} onErased={onErased} />
        </div>
      </div>
    </>
  )
}

function useLeadChange(id: string, change: (value: string) => Promise<LeadDetail>) {
  const queries = useQueryClient()
  return useMutation({
    mutationFn: change,
    onSuccess: (detail) => {
      queries.setQueryData(['lead', id], detail)
      // The list shows statuses too.
      void queries.invalidateQueries({ queryKey: ['leads'] })
    },
  })
}

function StatusForm({ id, status }: { id: string; status: PipelineStatus }) {
  const api = useConsoleApi()
  const save = useLeadChange(id, (value) => api.setStatus(id, value as PipelineStatus))
  const field = useId()
  return (
    <form
      className="console-form console-form--inline"
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate(String(new FormData(event.currentTarget).get('status')))
      }}
    >
      <label htmlFor={field}>{words.status}</label>
      <select id={field} name="status" defaultValue={status} key={status}>
        {pipelineStatuses.map((each) => (
          <option key={each} value={each}>
            {consoleCopy.statuses[each]}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--outline" disabled={save.isPending}>
        {words.saveStatus}
      </button>
      <ChangeOutcome error={save.error} saved={save.isSuccess} />
    </form>
  )
}

// How the booked meeting ended: marked once it has started; who may mark is the database's say.
function MeetingForm({ id, meeting }: { id: string; meeting: LeadMeeting }) {
  const api = useConsoleApi()
  const mark = useLeadChange(id, (value) => api.markMeeting(id, value as MeetingOutcome))
  const field = useId()
  const said = meetingWords.outcomes[meeting.outcome ?? 'pending']
  return (
    <form
      className="console-form console-form--inline"
      aria-label={meetingWords.title}
      onSubmit={(event) => {
        event.preventDefault()
        mark.mutate(String(new FormData(event.currentTarget).get('outcome')))
      }}
    >
      <p>
        <strong>{meetingWords.title}:</strong> {said}{' '}
        <span className="console-muted">{meetingWords.at(formatInstant(meeting.start))}</span>
      </p>
      {meeting.started ? (
        <>
          <label htmlFor={field}>{meetingWords.mark}</label>
          <select
            id={field}
            name="outcome"
            defaultValue={meeting.outcome ?? 'met'}
            key={meeting.outcome}
          >
            {meetingOutcomes.map((each) => (
              <option key={each} value={each}>
                {meetingWords.outcomes[each]}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--outline" disabled={mark.isPending}>
            {meetingWords.save}
          </button>
          <ChangeOutcome error={mark.error} saved={mark.isSuccess} />
        </>
      ) : (
        <p className="console-muted">{meetingWords.toCome}</p>
      )}
    </form>
  )
}

// Whom the lead may go to is the API's answer (owner and sales); who may give it is the
// database's: a role it refuses sees the refusal's sentence here.
function OwnerForm({ id, owner }: { id: string; owner: LeadOwnerRef | null }) {
  const api = useConsoleApi()
  const owners = useQuery({ queryKey: ['owners'], queryFn: () => api.owners() })
  const give = useLeadChange(id, (userId) => api.setOwner(id, userId))
  const field = useId()
  return (
    <form
      className="console-form console-form--inline"
      onSubmit={(event) => {
        event.preventDefault()
        const userId = String(new FormData(event.currentTarget).get('owner') ?? '')
        if (userId) give.mutate(userId)
      }}
    >
      <p>
        <strong>{words.owner}:</strong> {owner ? owner.email : words.nobody}
      </p>
      <label htmlFor={field}>{words.giveTo}</label>
      <select id={field} name="owner" defaultValue={owner?.userId ?? ''} key={owner?.userId}>
        {owner === null && <option value="">—</option>}
        {(owners.data ?? (owner ? [owner] : [])).map((each) => (
          <option key={each.userId} value={each.userId}>
            {each.email}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--outline" disabled={give.isPending}>
        {words.give}
      </button>
      <ChangeOutcome error={give.error ?? owners.error} saved={give.isSuccess} />
    </form>
  )
}

function NoteForm({ id }: { id: string }) {
  const api = useConsoleApi()
  const [note, setNote] = useState('')
  const add = useLeadChange(id, (value) => api.addNote(id, value))
  function submit(event: FormEvent) {
    event.preventDefault()
    if (!note.trim()) return
    add.mutate(note.trim(), { onSuccess: () => setNote('') })
  }
  return (
    <form className="console-form" onSubmit={submit}>
      <label>
        {words.note}
        <textarea
          value={note}
          onChange={(event) => setNote(event.target.value)}
          rows={3}
          required
        />
      </label>
      <button type="submit" className="button button--outline" disabled={add.isPending}>
        {words.addNote}
      </button>
      <ChangeOutcome error={add.error} saved={add.isSuccess} />
    </form>
  )
}

function ChangeOutcome({ error, saved }: { error: Error | null; saved: boolean }) {
  return (
    <p className={error ? 'console-problem' : 'console-live'} role={error ? 'alert' : 'status'}>
      {error ? error.message : saved ? words.saved : ''}
    </p>
  )
}

function historyText(entry: LeadHistoryEntry): string {
  if (entry.kind === 'status_change') {
    return consoleCopy.statuses[entry.text as PipelineStatus] ?? entry.text
  }
  if (entry.kind === 'meeting') {
    return meetingWords.outcomes[entry.text as MeetingOutcome | 'pending'] ?? entry.text
  }
  return entry.text
}

function viaText({ kind, via }: LeadHistoryEntry): string {
  if (!via) return ''
  if (kind === 'meeting') return meetingWords.via[via as MeetingVia] ?? ''
  return consoleCopy.ownerVia[via as OwnerVia] ?? ''
}

function History({ detail }: { detail: LeadDetail }) {
  return (
    <section aria-labelledby="lead-history">
      <h3 id="lead-history">{words.history}</h3>
      {detail.history.length === 0 ? (
        <p>{words.noHistory}</p>
      ) : (
        <ol className="console-history">
          {detail.history.map((entry, index) => (
            // The history has no ids; it is only ever replaced whole.
            // biome-ignore lint/suspicious/noArrayIndexKey: entries are never reordered in place
            <li key={index}>
              <time dateTime={entry.at}>{formatInstant(entry.at)}</time>{' '}
              <strong>{consoleCopy.history[entry.kind]}</strong> {historyText(entry)}{' '}
              {viaText(entry)} <span className="console-muted">{words.by(entry.by)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
