import { RouteErrorBoundary } from './pages/route-error-page.tsx'
import { SiteRoutes } from './routes.tsx'
import { SiteLayout } from './site-layout.tsx'

/** The whole site, inside whatever router the browser, the prerenderer or Storybook gives it. */
export function SiteApp() {
  return (
    <RouteErrorBoundary>
      <SiteLayout>
        <SiteRoutes />
      </SiteLayout>
    </RouteErrorBoundary>
  )
}
