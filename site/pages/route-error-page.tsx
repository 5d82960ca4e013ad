import { useEffect } from 'react'
import { isRouteErrorResponse, useRouteError } from 'react-router'
import { siteCopy } from '../site-copy.ts'

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim()
  if (error instanceof Error) return error.message
  return String(error)
}

/**
 * The routing error screen. It replaces the whole layout, which may be what failed, and
 * links home with a plain anchor so a full page load starts the router afresh.
 */
export function RouteErrorPage() {
  const error = useRouteError()
  const { routeError } = siteCopy

  useEffect(() => {
    console.error(error)
  }, [error])

  return (
    <main className="status-page" aria-labelledby="route-error-title">
      <div className="container status-page__inner">
        <h1 id="route-error-title">{routeError.heading}</h1>
        <p className="status-page__message">{describe(error)}</p>
        <a href="/" className="button button--primary">
          {routeError.home}
        </a>
      </div>
    </main>
  )
}
