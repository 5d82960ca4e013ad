import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import type { IntegrationState } from '#core/console-api.ts'
import { consoleCopy } from '../console-copy.ts'
import { formatInstant } from '../console-dates.ts'
import { useConsoleApi } from '../console-deps.ts'
import { DataTable } from '../data-table.tsx'
import { Failed, Loading } from '../query-status.tsx'

const words = consoleCopy.integrations
const queryKey = ['integrations']
const column = createColumnHelper<IntegrationState>()
const columns = [
  column.accessor('channel', {
    header: words.destination,
    cell: (cell) => words.names[cell.getValue()],
  }),
  column.accessor('configured', {
    header: words.set,
    cell: (cell) => (cell.getValue() ? words.isSet : words.notSet),
  }),
  column.accessor('lastSuccess', {
    header: words.lastSuccess,
    cell: (cell) => {
      const at = cell.getValue()
      return at === null ? words.never : <time dateTime={at}>{formatInstant(at)}</time>
    },
  }),
  column.accessor('waiting', { header: words.waiting }),
  column.display({
    id: 'dead',
    header: words.dead,
    cell: (cell) => <DeadLetters state={cell.row.original} />,
  }),
  column.display({
    id: 'actions',
    header: words.actions,
    cell: (cell) => <DestinationActions state={cell.row.original} />,
  }),
]

/** The owner's destinations: set or not, how their deliveries stand, Retry and Send a test. */
export function IntegrationsView() {
  const api = useConsoleApi()
  const report = useQuery({ queryKey, queryFn: () => api.integrations() })
  if (report.isPending) return <Loading />
  if (report.isError) return <Failed error={report.error} retry={() => report.refetch()} />
  return (
    <>
      <p>{words.intro}</p>
      <DataTable
        caption={words.caption}
        rows={report.data.integrations}
        columns={columns}
        rowKey={(state) => state.channel}
      />
    </>
  )
}

function DeadLetters({ state }: { state: IntegrationState }) {
  if (state.dead === 0) return words.noDead
  return (
    <div>
      <strong>{state.dead}</strong>
      <ul className="console-dead-letters">
        {state.deadLetters.map((letter) => (
          <li key={`${letter.kind}:${letter.key}`}>
            {words.deadLetter(words.kinds[letter.kind], letter.attempts, letter.lastError)}
            {letter.failedAt !== null && (
              <>
                {' '}
                <time dateTime={letter.failedAt}>
                  {words.failedAt(formatInstant(letter.failedAt))}
                </time>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}

function DestinationActions({ state }: { state: IntegrationState }) {
  const api = useConsoleApi()
  const queries = useQueryClient()
  const name = words.names[state.channel]
  const retry = useMutation({
    mutationFn: () => api.retryDead(state.channel),
    onSuccess: () => queries.invalidateQueries({ queryKey }),
  })
  const test = useMutation({ mutationFn: () => api.sendTest(state.channel) })
  // A refused test is an answer, not a failure of the page: it is shown as the destination's.
  const outcome = retry.isSuccess
    ? words.retried(name, retry.data.retried)
    : test.isSuccess
      ? test.data.ok
        ? words.testOk(name)
        : words.testFailed(name, test.data.message)
      : null
  const error = retry.error ?? test.error
  const refused = test.isSuccess && !test.data.ok
  return (
    <div className="console-person">
      {state.dead > 0 && (
        <button
          type="button"
          className="button button--outline"
          disabled={retry.isPending}
          onClick={() => {
            test.reset()
            retry.mutate()
          }}
        >
          {words.retry(name)}
        </button>
      )}
      {state.configured && (
        <button
          type="button"
          className="button button--ghost"
          disabled={test.isPending}
          onClick={() => {
            retry.reset()
            test.mutate()
          }}
        >
          {test.isPending ? words.testing : words.test(name)}
        </button>
      )}
      <p
        className={error || refused ? 'console-problem' : 'console-live'}
        role={error || refused ? 'alert' : 'status'}
      >
        {error ? error.message : (outcome ?? '')}
      </p>
    </div>
  )
}
