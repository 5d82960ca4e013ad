import { useEffect, useState } from 'react'
import type { SharedFunnel } from '#core/console-api.ts'
import { ConsoleApiError } from '../console-api-error.ts'
import { consoleCopy } from '../console-copy.ts'
import { formatInstant } from '../console-dates.ts'
import { ConsoleFrame } from '../console-frame.tsx'
import { FunnelShown } from '../funnel/funnel-view.tsx'
import { tokenOf } from './share-address.ts'

const words = consoleCopy.share.page

/** Where a share link's page stands: opening, its funnel shown, or refused with the reason. */
export type SharedState =
  | { name: 'opening' }
  | { name: 'shown'; shared: SharedFunnel }
  | { name: 'refused'; status: number; message: string }

/**
 * A share link's page in each state: the funnel as the console shows it, read-only, or a page
 * saying why the link does not open (410: revoked or expired).
 */
export function SharedFunnelScreen({ state }: { state: SharedState }) {
  return (
    <ConsoleFrame tool={words.tool}>
      {state.name === 'opening' ? (
        <p className="console-status" role="status">
          {words.opening}
        </p>
      ) : state.name === 'refused' ? (
        <div className="console-share-refused">
          <h1 className="console-title">
            {state.status === 410 ? words.goneHeading : words.notFoundHeading}
          </h1>
          <p role="alert">{state.message}</p>
        </div>
      ) : (
        <>
          <h1 className="console-title">{words.heading}</h1>
          <p className="console-muted">
            {words.intro}
            {state.shared.expiresAt && ` ${words.expiresOn(formatInstant(state.shared.expiresAt))}`}
          </p>
          <div className="console-funnel">
            <FunnelShown report={state.shared.report} />
          </div>
        </>
      )}
    </ConsoleFrame>
  )
}

/** The page: the token from the address's fragment, the link opened once, its state shown. */
export function SharedFunnelApp({
  hash,
  open,
}: {
  hash: string
  open: (token: string) => Promise<SharedFunnel>
}) {
  const [state, setState] = useState<SharedState>({ name: 'opening' })
  useEffect(() => {
    let live = true
    const token = tokenOf(hash)
    const opened = token
      ? open(token)
      : Promise.reject(new ConsoleApiError(404, { code: 'not_found', message: words.noToken }))
    opened.then(
      (shared) => live && setState({ name: 'shown', shared }),
      (error: unknown) =>
        live &&
        setState({
          name: 'refused',
          status: error instanceof ConsoleApiError ? error.status : 0,
          message: error instanceof Error ? error.message : String(error),
        }),
    )
    return () => {
      live = false
    }
  }, [hash, open])
  return <SharedFunnelScreen state={state} />
}
