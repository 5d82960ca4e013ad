import { existsSync } from 'node:fs'

const firstThere = (candidates) => candidates.find((path) => path && existsSync(path))

/** Debian's Chromium, or the browser named by CHROMIUM_PATH. Tests never download their own. */
export function chromiumPath() {
  return firstThere([process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'])
}

/**
 * Debian's Chromium headless shell (`chromium-headless-shell`), or the one named by
 * CHROMIUM_SHELL_PATH: the same release's Blink and V8, without the browser's windows, profile
 * and services around them, as Playwright runs Chromium headless by default. The e2e files, the
 * stories and the stand-in pages run in it; the widget's browser tests, Lighthouse and the
 * screenshots keep the full browser. On the e2e files its processes took a third of the CPU
 * the full browser's did (docs/testing.md).
 */
export function chromiumShellPath() {
  return firstThere([process.env.CHROMIUM_SHELL_PATH, '/usr/bin/chromium-headless-shell'])
}

/** Flags for a headless Chromium run as root on a closed network. */
export const chromiumArgs = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** The same for the headless shell, which is headless by nature. */
export const chromiumShellArgs = chromiumArgs.filter((arg) => !arg.startsWith('--headless'))
