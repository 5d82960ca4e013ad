import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { useState } from 'react'
import type { ShareLink } from '#core/console-api.ts'
import { consoleCopy } from '../console-copy.ts'
import { formatInstant } from '../console-dates.ts'
import { useConsoleApi } from '../console-deps.ts'
import { DataTable } from '../data-table.tsx'
import { formatCount, formatDay } from '../funnel/funnel-format.ts'
import { EraseConfirm } from '../leads/erase-confirm.tsx'

const words = consoleCopy.share

/** The view a link shows, as people read it: "The last 30 days", "Jan 1, 2026 to Jan 31, 2026". */
function viewOf(link: Pick<ShareLink, 'days' | 'from' | 'to'>): string {
  if (link.days !== null) return words.lastDays(link.days)
  return words.fixedDays(formatDay(link.from ?? ''), formatDay(link.to ?? ''))
}

const column = createColumnHelper<ShareLink>()

/** The owner's every link (marketing's own): who made it, its view, expiry, openings; revoke. */
export function ShareLinkList({ links, now }: { links: ShareLink[]; now: Date }) {
  const columns = [
    column.accessor(viewOf, { id: 'view', header: words.columns.view }),
    column.accessor('sources', {
      header: words.columns.sources,
      cell: (cell) => cell.getValue().join(', ') || words.everySource,
    }),
    column.accessor('createdBy', {
      header: words.columns.createdBy,
      cell: (cell) => `${cell.getValue()}, ${formatInstant(cell.row.original.createdAt)}`,
    }),
    column.accessor('expiresAt', {
      header: words.columns.expires,
      cell: (cell) => {
        const expires = cell.getValue()
        return expires ? formatInstant(expires) : words.never
      },
    }),
    column.accessor('lastOpenedAt', {
      header: words.columns.lastOpened,
      cell: (cell) => {
        const opened = cell.getValue()
        return opened ? formatInstant(opened) : words.notOpened
      },
    }),
    column.accessor('openings', {
      header: words.columns.openings,
      cell: (cell) => formatCount(cell.getValue()),
    }),
    column.display({
      id: 'state',
      header: words.columns.state,
      cell: (cell) => <LinkState link={cell.row.original} now={now} />,
    }),
  ]
  if (links.length === 0) return <p className="console-empty">{words.empty}</p>
  return (
    <DataTable caption={words.caption} rows={links} columns={columns} rowKey={(link) => link.id} />
  )
}

function LinkState({ link, now }: { link: ShareLink; now: Date }) {
  if (link.revokedAt) return <>{words.revokedOn(formatInstant(link.revokedAt))}</>
  if (link.expiresAt && Date.parse(link.expiresAt) <= now.getTime()) return <>{words.expired}</>
  return <RevokeButton link={link} />
}

function RevokeButton({ link }: { link: ShareLink }) {
  const api = useConsoleApi()
  const queries = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const revoke = useMutation({
    mutationFn: () => api.revokeShareLink(link.id),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['share-links'] }),
  })
  return (
    <div className="console-share-state">
      <span>{words.live}</span>{' '}
      {confirming ? (
        <EraseConfirm
          question={words.confirmRevoke}
          confirm={words.revokeForGood}
          pending={revoke.isPending}
          onConfirm={() => revoke.mutate()}
          onCancel={() => setConfirming(false)}
        />
      ) : (
        <button
          type="button"
          className="button button--outline"
          aria-label={words.revokeLink(viewOf(link))}
          onClick={() => setConfirming(true)}
        >
          {words.revoke}
        </button>
      )}
      {revoke.isError && (
        <p className="console-problem" role="alert">
          {revoke.error.message}
        </p>
      )}
    </div>
  )
}
