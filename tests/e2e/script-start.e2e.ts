import { describe, expect, it } from 'vitest'
import { chromiumForFile } from '../support/chromium.ts'
import { openSitePage, visit } from './site-page.ts'

const browser = chromiumForFile()

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
