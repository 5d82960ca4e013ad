import type { RouteObject } from 'react-router'
import { HomePage } from './pages/home-page.tsx'
import { PrivacyPage, TermsPage } from './pages/legal-page.tsx'
import { NotFoundPage } from './pages/not-found-page.tsx'
import { RequestDemoPage } from './pages/request-demo-page.tsx'
import { RouteErrorPage } from './pages/route-error-page.tsx'
import { SiteLayout } from './site-layout.tsx'

/** The site's routes, shared by the browser router and the prerenderer. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: SiteLayout,
    ErrorBoundary: RouteErrorPage,
    children: [
      { index: true, Component: HomePage },
      { path: 'request-demo', Component: RequestDemoPage },
      { path: 'privacy', Component: PrivacyPage },
      { path: 'terms', Component: TermsPage },
      { path: '*', Component: NotFoundPage },
    ],
  },
]
