import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { launchChromium } from '../../scripts/launch-chromium.ts'

/**
 * One Chromium for the calling test file: launched before its tests, closed after them. Vitest
 * runs afterAll hooks last-registered first, so a file that starts its own servers calls this
 * after declaring their hooks: the browser then closes before the servers it has connections to.
 */
export function chromiumForFile(): Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
  })
  // The browser exists only once beforeAll has run, so the file holds this stand-in for it.
  return new Proxy({} as Browser, {
    get(_, key) {
      if (!browser) throw new Error('Chromium starts in beforeAll: use it in a test or a hook')
      const value = Reflect.get(browser, key, browser)
      return typeof value === 'function' ? value.bind(browser) : value
    },
  })
}
