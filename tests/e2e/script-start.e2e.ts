// The prerendered pages ask for their modules only once their first content is on screen
// (site/start-after-paint.ts), and still hydrate.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from './browser.ts'
import { openSitePage, visit } from './site-page.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

describe('the site scripts', () => {
  it.each(['/', '/request-demo', '/no-such-page'])(
    '%s starts its modules after the first contentful paint and hydrates',
    async (path) => {
      const { page, pageErrors, close } = await openSitePage(browser)
      await visit(page, path)
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
          .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
      }))
      expect(timing.paint).not.toBeNull()
      expect(timing.scripts.length).toBeGreaterThan(1)
      for (const script of timing.scripts) {
        expect(script.start, script.path).toBeGreaterThanOrEqual(timing.paint as number)
      }
      expect(pageErrors).toEqual([])
      await close()
    },
  )
})
