// Stops the test run at once, with the one line that fixes it, when Chromium is missing.
import { chromiumPath } from './chromium-path.js'

if (!chromiumPath()) {
  console.error('Chromium is missing. Install it with: sudo apt-get install -y chromium')
  process.exit(1)
}
