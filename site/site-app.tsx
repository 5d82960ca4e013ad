import { Route, Switch } from 'wouter'
import { consolePath } from './page-meta.ts'
import { RouteErrorBoundary } from './pages/route-error-page.tsx'
import { SiteRoutes } from './routes.tsx'
import { BareLayout, SiteLayout } from './site-layout.tsx'

/** The whole site, inside whatever router the browser, the prerenderer or Storybook gives it. */
export function SiteApp() {
  return (
    <RouteErrorBoundary>
      <Switch>
        {/* Staff's own tool: the console wears its staff header, not the marketing site's. */}
        <Route path={consolePath}>
          <BareLayout>
            <SiteRoutes />
          </BareLayout>
        </Route>
        <Route>
          <SiteLayout>
            <SiteRoutes />
          </SiteLayout>
        </Route>
      </Switch>
    </RouteErrorBoundary>
  )
}
