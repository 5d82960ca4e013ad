// Stops the test run at once, with the one line that fixes it, when Chromium is missing.
import { chromiumPath } from './chromium-path.js'

if (!chromiumPath()) {
  const sudo = process.getuid?.() === 0 ? '' : 'sudo '
  console.error(
    `Chromium is missing. Install it with: ${sudo}apt-get update && ${sudo}apt-get install -y chromium`,
  )
  process.exit(1)
}
