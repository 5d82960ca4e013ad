import { StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { createBrowserRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { routes } from './routes.tsx'
import './styles/index.css'

// Hydrates the prerendered page. The routes have no loaders, so there is no data to restore.
const router = createBrowserRouter(routes)
const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element to hydrate')
// A browser without declarative shadow DOM leaves the prerendered form's template in place,
// where the hydrating tree has none.
for (const template of root.querySelectorAll('template[shadowrootmode]')) template.remove()

hydrateRoot(
  root,
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)
