import { Component, type ReactNode, useEffect } from 'react'
import { siteCopy } from '../site-copy.ts'

function describe(error: unknown): string {
  if (error instanceof Response) return `${error.status} ${error.statusText}`.trim()
  if (error instanceof Error) return error.message
  return String(error)
}

/**
 * The routing error screen. It replaces the whole layout, which may be what failed, and
 * links home with a plain anchor so a full page load starts the site afresh.
 */
export function RouteErrorPage({ error }: { error: unknown }) {
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

interface BoundaryState {
  failed: boolean
  error: unknown
}

/**
 * Shows the routing error screen when rendering a page throws: a bug, or a page's chunk that
 * failed to download. React offers error boundaries as classes only.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false, error: undefined }

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { failed: true, error }
  }

  override render() {
    return this.state.failed ? <RouteErrorPage error={this.state.error} /> : this.props.children
  }
}
