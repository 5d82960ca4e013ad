import { existsSync } from 'node:fs'

/** Debian's Chromium, or the browser named by CHROMIUM_PATH. Tests never download their own. */
export function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']
  return candidates.find((path) => path && existsSync(path))
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
