import { defaultReporter } from '@web/test-runner'
import { chromeLauncher } from '@web/test-runner-chrome'
import { chromiumArgs, chromiumPath } from './scripts/chromium-path.js'
import { bookingStandInCommand } from './tests/browser/booking-stand-in-command.js'
import { builtFiles } from './tests/browser/built-files.js'
import { forcedColors } from './tests/browser/forced-colors.js'
import { hungTests, testRunnerHtml } from './tests/browser/hung-tests.js'
import { standInFunction } from './tests/browser/stand-in-function.js'
import { viteMiddleware } from './tests/browser/vite-middleware.js'

const vite = await viteMiddleware()
const hung = hungTests()

export default {
  files: [
    'src/**/*.browser.test.{ts,tsx}',
    'widget/**/*.browser.test.ts',
    'tests/browser/**/*.browser.test.ts',
  ],
  concurrency: 2,
  // As long as the Node projects' (vitest.config.ts): a limit for hangs, far above a loaded run.
  testFramework: { config: { timeout: 30_000 } },
  testRunnerHtml,
  reporters: [defaultReporter(), hung.reporter],
  browsers: [
    chromeLauncher({
      launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
      // A context, so a window, per page: each page is in front of its own window and so
      // visible, as a visitor's is. In one window the second file's tab is hidden, and a hidden
      // page draws nothing: an IntersectionObserver (the form's view count) never reports.
      createPage: async ({ browser }) => (await browser.createBrowserContext()).newPage(),
    }),
  ],
  middleware: [standInFunction(), builtFiles(), vite.middleware],
  plugins: [
    forcedColors(),
    bookingStandInCommand(),
    hung.plugin,
    { name: 'close-vite', serverStop: () => vite.close() },
  ],
}
