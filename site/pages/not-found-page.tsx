import { useEffect } from 'react'
import { Link, useLocation } from 'wouter'
import { siteCopy } from '../site-copy.ts'
import { usePageMeta } from '../use-page-meta.ts'

/** Any unknown path: says so, logs the path and offers the way home. */
export function NotFoundPage() {
  usePageMeta('notFound')
  const [pathname] = useLocation()
  const { notFound } = siteCopy

  // Logged in the browser only: prerendering this page is not a visitor getting lost.
  useEffect(() => {
    console.error(notFound.log, pathname)
  }, [pathname])

  return (
    <section className="status-page" aria-labelledby="not-found-title">
      <div className="container status-page__inner">
        <p className="status-page__code">{notFound.code}</p>
        <h1 id="not-found-title">{notFound.heading}</h1>
        <Link to="/" className="button button--primary">
          {notFound.home}
        </Link>
      </div>
    </section>
  )
}
