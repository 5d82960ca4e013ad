import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { staticForm } from '../src/static-form.ts'
import { pages } from './page-meta.ts'
import { routes } from './routes.tsx'
import { StaticFormContext } from './static-form-context.ts'

/** Renders the page at `path` to HTML. */
export async function render(path: string): Promise<string> {
  const { query, dataRoutes } = createStaticHandler(routes)
  const context = await query(new Request(new URL(path, 'http://prerender.invalid')))
  if (context instanceof Response) {
    throw new Error(`Prerendering ${path} answered ${context.status}, not a page`)
  }
  const router = createStaticRouter(dataRoutes, context)
  return renderToString(
    <StrictMode>
      <StaticFormContext value={staticForm({ privacyUrl: pages.privacy.path })}>
        {/* No loaders, so no data to hand over; its script would also sit inside #root,
            where the client tree has nothing to match it. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </StaticFormContext>
    </StrictMode>,
  )
}
