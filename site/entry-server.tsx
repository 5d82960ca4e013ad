import { StrictMode } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
import { Router } from 'wouter'
import { configuredFields } from '../src/form/config.ts'
import { staticForm } from '../src/form/static-form.ts'
import { pages } from './page-meta.ts'
import { SiteApp } from './site-app.tsx'
import { StaticFormContext } from './static-form-context.ts'

/** Renders the page at `path` to HTML, once every lazily loaded page has arrived. */
export async function render(path: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticFormContext
        value={staticForm({
          privacyUrl: pages.privacy.path,
          prerendered: true,
          fields: configuredFields(),
        })}
      >
        <Router ssrPath={path}>
          <SiteApp />
        </Router>
      </StaticFormContext>
    </StrictMode>,
    // One piece of HTML: a larger page would otherwise be split into parts that inline
    // scripts put in place, which the site's CSP does not allow.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  )
  let html = ''
  for await (const chunk of prelude) html += chunk
  return html
}
