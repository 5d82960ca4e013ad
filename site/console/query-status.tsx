import { consoleCopy } from './console-copy.ts'

/** A view waiting for its data: said once to screen readers, shown to everyone. */
export function Loading() {
  return (
    <p className="console-status" role="status">
      {consoleCopy.loading}
    </p>
  )
}

/** A view whose data failed, with the API's sentence and a way to ask again. */
export function Failed({ error, retry }: { error: unknown; retry?: () => void }) {
  const message = error instanceof Error ? error.message : ''
  return (
    <div className="console-problem" role="alert">
      <p>
        {consoleCopy.failed} {message}
      </p>
      {retry && (
        <button type="button" className="button button--outline" onClick={retry}>
          {consoleCopy.retry}
        </button>
      )}
    </div>
  )
}
