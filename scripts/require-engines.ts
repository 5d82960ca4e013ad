// Stops the test run at once, with the one line that installs them, when Firefox or WebKit is
// missing, as require-chromium.js does for Chromium.
import { installLine } from '../tests/engines/engines.ts'

const missing = installLine(['firefox', 'webkit'])
if (missing) {
  console.error(missing)
  process.exit(1)
}
