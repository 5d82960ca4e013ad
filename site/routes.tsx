import { type ComponentType, lazy } from 'react'
import { Route, Switch } from 'wouter'
import { consolePath, pages, sharePath } from './page-meta.ts'
import { HomePage } from './pages/home-page.tsx'
import { NotFoundPage } from './pages/not-found-page.tsx'

/** A page in a chunk of its own, which `preload` fetches before React needs it. */
type LazyPage = ComponentType & { preload: () => Promise<unknown> }

function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loading: Promise<ComponentType> | undefined
  const preload = () => {
    loading ??= load()
    return loading
  }
  return Object.assign(
    lazy(() => preload().then((Page) => ({ default: Page }))),
    { preload },
  )
}

// Home and the not-found page come with the main bundle; every other page is a chunk of its
// own, so `/` does not download the form, supabase-js or the legal text.
const lazyPages: Record<string, LazyPage> = {
  [pages.requestDemo.path]: lazyPage(() =>
    import('./pages/request-demo-page.tsx').then((page) => page.RequestDemoPage),
  ),
  [pages.privacy.path]: lazyPage(() =>
    import('./pages/legal-page.tsx').then((page) => page.PrivacyPage),
  ),
  [pages.terms.path]: lazyPage(() =>
    import('./pages/legal-page.tsx').then((page) => page.TermsPage),
  ),
  [pages.embed.path]: lazyPage(() =>
    import('./pages/embed-page.tsx').then((page) => page.EmbedPage),
  ),
  // Staff only: supabase-js, TanStack Query and Table come with this chunk, never to visitors.
  [consolePath]: lazyPage(() =>
    import('./pages/console-page.tsx').then((page) => page.ConsolePage),
  ),
  // A share link's funnel: the console's funnel components, without supabase-js.
  [sharePath]: lazyPage(() => import('./pages/share-page.tsx').then((page) => page.SharePage)),
}

/** Fetches the chunk of the page at `path`, if it has one, so hydration finds it ready. */
export function preloadPage(path: string): Promise<unknown> {
  return lazyPages[path]?.preload() ?? Promise.resolve()
}

/** The page for the current path. */
export function SiteRoutes() {
  return (
    <Switch>
      <Route path={pages.home.path} component={HomePage} />
      {Object.entries(lazyPages).map(([path, Page]) => (
        <Route key={path} path={path} component={Page} />
      ))}
      <Route component={NotFoundPage} />
    </Switch>
  )
}
