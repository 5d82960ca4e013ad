import { type Browser, chromium } from 'playwright-core'
import { chromiumArgs, chromiumPath } from './chromium-path.js'

/** Debian's Chromium (or CHROMIUM_PATH) through Playwright, never a downloaded browser. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    // Playwright sets headless mode itself.
    args: chromiumArgs.filter((arg) => !arg.startsWith('--headless')),
  })
}
