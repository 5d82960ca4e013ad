import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { type FormEvent, useId, useState } from 'react'
import { type StaffMember, type StaffRole, staffRoles } from '#core/console-api.ts'
import { consoleCopy } from '../console-copy.ts'
import { formatInstant } from '../console-dates.ts'
import { useConsoleApi } from '../console-deps.ts'
import { DataTable } from '../data-table.tsx'
import { EraseForm } from '../leads/erase-form.tsx'
import { Failed, Loading } from '../query-status.tsx'

const words = consoleCopy.people
const column = createColumnHelper<StaffMember>()
const columns = [
  column.accessor('email', { header: words.email }),
  column.accessor('role', {
    header: words.role,
    cell: (cell) => consoleCopy.roles[cell.getValue()],
  }),
  column.accessor('sources', {
    header: words.sources,
    cell: (cell) => cell.getValue().join(', ') || '—',
  }),
  column.accessor('takesLeads', {
    header: words.takesLeads,
    cell: (cell) => (cell.getValue() ? words.yes : '—'),
  }),
  column.accessor('invitedAt', {
    header: words.invitedAt,
    cell: (cell) => formatInstant(cell.getValue()),
  }),
  column.display({
    id: 'actions',
    header: words.actions,
    cell: (cell) => <PersonActions person={cell.row.original} />,
  }),
]

const sourcesOf = (text: string) =>
  text
    .split(',')
    .map((source) => source.trim())
    .filter(Boolean)

/** The owner's people: who has access, with which role; invitations; erasure of a person's data. */
export function PeopleView() {
  const api = useConsoleApi()
  const staff = useQuery({ queryKey: ['staff'], queryFn: () => api.staff() })
  return (
    <>
      {staff.isPending ? (
        <Loading />
      ) : staff.isError ? (
        <Failed error={staff.error} retry={() => staff.refetch()} />
      ) : (
        <DataTable
          caption={words.caption}
          rows={staff.data}
          columns={columns}
          rowKey={(person) => person.userId}
        />
      )}
      <InviteForm />
      <EraseForm />
    </>
  )
}

function useStaffChange<T>(change: (value: T) => Promise<unknown>) {
  const queries = useQueryClient()
  return useMutation({
    mutationFn: change,
    onSuccess: () => queries.invalidateQueries({ queryKey: ['staff'] }),
  })
}

function Outcome({ error, done }: { error: Error | null; done: string | null }) {
  return (
    <p className={error ? 'console-problem' : 'console-live'} role={error ? 'alert' : 'status'}>
      {error ? error.message : (done ?? '')}
    </p>
  )
}

function PersonActions({ person }: { person: StaffMember }) {
  const api = useConsoleApi()
  const [confirming, setConfirming] = useState(false)
  const [role, setRole] = useState<StaffRole>(person.role)
  const update = useStaffChange(
    (change: { role: StaffRole; sources: string[]; takesLeads: boolean }) =>
      api.updateStaff(person.userId, change),
  )
  // Only those who read leads may take them (the database checks it too).
  const mayTakeLeads = role === 'owner' || role === 'sales'
  const remove = useStaffChange(() => api.removeStaff(person.userId))
  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const sources = sourcesOf(String(form.get('sources') ?? ''))
    update.mutate({
      role,
      sources: role === 'partner' ? sources : [],
      takesLeads: mayTakeLeads && form.get('takesLeads') === 'on',
    })
  }
  return (
    <div className="console-person">
      <form className="console-form console-form--inline" onSubmit={save}>
        <select
          aria-label={words.roleOf(person.email)}
          value={role}
          onChange={(event) => setRole(event.target.value as StaffRole)}
        >
          {staffRoles.map((each) => (
            <option key={each} value={each}>
              {consoleCopy.roles[each]}
            </option>
          ))}
        </select>
        {role === 'partner' && (
          <input
            name="sources"
            aria-label={words.sourcesOf(person.email)}
            defaultValue={person.sources.join(', ')}
          />
        )}
        {mayTakeLeads && (
          <label>
            <input
              type="checkbox"
              name="takesLeads"
              aria-label={words.takesLeadsOf(person.email)}
              defaultChecked={person.takesLeads}
            />{' '}
            {words.takesLeads}
          </label>
        )}
        <button type="submit" className="button button--outline" disabled={update.isPending}>
          {words.save}
        </button>
      </form>
      {confirming ? (
        <fieldset className="console-confirm">
          <legend>{words.confirmRemove(person.email)}</legend>
          <button
            type="button"
            className="button button--primary"
            onClick={() => remove.mutate(undefined)}
          >
            {words.remove}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setConfirming(false)}
          >
            {words.cancel}
          </button>
        </fieldset>
      ) : (
        <button type="button" className="button button--ghost" onClick={() => setConfirming(true)}>
          {words.remove}
        </button>
      )}
      <Outcome
        error={update.error ?? remove.error}
        done={
          update.isSuccess
            ? words.saved(person.email)
            : remove.isSuccess
              ? words.removed(person.email)
              : null
        }
      />
    </div>
  )
}

function InviteForm() {
  const api = useConsoleApi()
  const [role, setRole] = useState<StaffRole>('sales')
  const [invited, setInvited] = useState<string | null>(null)
  const invite = useStaffChange(api.invite)
  const heading = useId()
  const hint = useId()
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    const email = String(data.get('email') ?? '').trim()
    const sources = role === 'partner' ? sourcesOf(String(data.get('sources') ?? '')) : []
    invite.mutate(
      { email, role, sources },
      {
        onSuccess: () => {
          setInvited(email)
          form.reset()
        },
      },
    )
  }
  return (
    <section aria-labelledby={heading} className="console-card">
      <h2 id={heading} className="console-subheading">
        {words.invite}
      </h2>
      <form className="console-form" onSubmit={submit}>
        <label>
          {words.email}
          <input type="email" name="email" required autoComplete="off" />
        </label>
        <label>
          {words.role}
          <select value={role} onChange={(event) => setRole(event.target.value as StaffRole)}>
            {staffRoles.map((each) => (
              <option key={each} value={each}>
                {consoleCopy.roles[each]}
              </option>
            ))}
          </select>
        </label>
        {role === 'partner' && (
          <label>
            {words.sources}
            <input name="sources" required aria-describedby={hint} />
            <span id={hint} className="console-muted">
              {words.sourcesHint}
            </span>
          </label>
        )}
        <button type="submit" className="button button--primary" disabled={invite.isPending}>
          {words.sendInvite}
        </button>
        <Outcome
          error={invite.error}
          done={invite.isSuccess && invited ? words.invited(invited) : null}
        />
      </form>
    </section>
  )
}
