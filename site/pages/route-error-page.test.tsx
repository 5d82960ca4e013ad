import { renderToString } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  data,
  type RouteObject,
  StaticRouterProvider,
} from 'react-router'
import { describe, expect, it } from 'vitest'
import { routes } from '../routes.tsx'

// The site's root route, with one extra child whose loader fails as a routing error would.
async function renderFailure(failure: () => never): Promise<string> {
  const [root] = routes
  if (!root || root.index) throw new Error('Expected the layout route first')
  const failing: RouteObject[] = [
    {
      ...root,
      children: [...(root.children ?? []), { path: 'fails', loader: failure, element: null }],
    },
  ]
  const { query, dataRoutes } = createStaticHandler(failing)
  const context = await query(new Request('http://site.test/fails'))
  if (context instanceof Response) throw new Error('Expected a page, not a redirect')
  const router = createStaticRouter(dataRoutes, context)
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />)
}

describe('the routing error screen', () => {
  it('shows the title and the status text of an error response', async () => {
    const html = await renderFailure(() => {
      throw data(null, { status: 503, statusText: 'Service Unavailable' })
    })
    expect(html).toContain('<h1 id="route-error-title">Unexpected Application Error!</h1>')
    expect(html).toContain('503 Service Unavailable')
    expect(html).toContain('href="/"')
  })

  it('shows the message of a thrown error', async () => {
    const html = await renderFailure(() => {
      throw new Error('The route could not load')
    })
    expect(html).toContain('Unexpected Application Error!')
    expect(html).toContain('The route could not load')
  })
})
