import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { RouteErrorPage } from './route-error-page.tsx'

// The boundary catching a page's failure is shown in Chromium by the Site/Pages stories.
describe('the routing error screen', () => {
  it('shows the title and the status text of an error response', () => {
    const html = renderToString(
      <RouteErrorPage
        error={new Response(null, { status: 503, statusText: 'Service Unavailable' })}
      />,
    )
    expect(html).toContain('<h1 id="route-error-title">Unexpected Application Error!</h1>')
    expect(html).toContain('503 Service Unavailable')
    expect(html).toContain('href="/"')
  })

  it('shows the message of a thrown error', () => {
    const html = renderToString(<RouteErrorPage error={new Error('The route could not load')} />)
    expect(html).toContain('Unexpected Application Error!')
    expect(html).toContain('The route could not load')
  })
})
