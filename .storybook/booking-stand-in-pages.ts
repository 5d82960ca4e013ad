import type { Plugin } from 'vite'
import { framedPath, standInPages } from '../stories/booking-stand-in-pages.ts'
import { standInPage } from '../tests/support/booking-stand-in-page.ts'

// Each stand-in page by the path the panel frames it at.
const pages = new Map(
  Object.values(standInPages).map(({ provider, silent, path }) => [
    framedPath(provider, path),
    standInPage(provider, { silent }),
  ]),
)

/**
 * Serves the stand-in booking pages (stories/booking-stand-in-pages.ts) from Storybook's own
 * origin, so the booking panel's stories frame a page that speaks the provider's protocol
 * without the network: a middleware for the dev server and Vitest's browser mode, and in the
 * static build one `index.html` per page, which a static host serves at the folder's path.
 */
export function bookingStandInPages(): Plugin {
  return {
    name: 'booking-stand-in-pages',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = new URL(request.url ?? '/', 'http://storybook').pathname
        const page = [...pages].find(([framed]) => path.replace(/\/$/, '').endsWith(`/${framed}`))
        if (!page) return next()
        response.setHeader('content-type', 'text/html; charset=utf-8')
        response.end(page[1])
      })
    },
    generateBundle() {
      for (const [framed, html] of pages) {
        this.emitFile({ type: 'asset', fileName: `${framed}/index.html`, source: html })
      }
    },
  }
}
