import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { Router } from 'wouter'
import { preloadPage } from './routes.tsx'
import { SiteApp } from './site-app.tsx'
import './styles/index.css'

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element to hydrate')
// A browser without declarative shadow DOM leaves the prerendered form's template in place,
// where the hydrating tree has none.
for (const template of root.querySelectorAll('template[shadowrootmode]')) template.remove()

// With the page's own chunk in hand, hydration does not stop at its Suspense boundary. If it
// fails to download, hydration goes on and the error boundary shows why.
await preloadPage(location.pathname).catch(() => {})

// As a transition, React hydrates in slices of a few milliseconds and yields between them, where
// a plain hydrateRoot is one task: on a phone (Lighthouse's 4× slower CPU) that task alone was
// 100 ms or more of blocking time. A visitor's click meanwhile hydrates its part of the page first.
startTransition(() => {
  hydrateRoot(
    root,
    <StrictMode>
      <Router>
        <SiteApp />
      </Router>
    </StrictMode>,
  )
})
