import { type Browser, chromium } from 'playwright-core'
import {
  chromiumArgs,
  chromiumPath,
  chromiumShellArgs,
  chromiumShellPath,
} from './chromium-path.js'

/** Debian's Chromium (or CHROMIUM_PATH) through Playwright, never a downloaded browser. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    // Playwright sets headless mode itself.
    args: chromiumArgs.filter((arg) => !arg.startsWith('--headless')),
  })
}

/** Debian's Chromium headless shell (or CHROMIUM_SHELL_PATH), for the tests: chromium-path.js. */
export function launchChromiumShell(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumShellPath(),
    args: [...chromiumShellArgs, ...extraArgs],
  })
}
