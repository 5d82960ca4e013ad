import { StrictMode } from 'react'
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

hydrateRoot(
  root,
  <StrictMode>
    <Router>
      <SiteApp />
    </Router>
  </StrictMode>,
)
