// Loaded by the runner's page after Mocha (tests/browser/hung-tests.js): a hook on the root
// suite tells the runner each test's title as it starts, so a page that hangs is named with
// the test it hung in. Not awaited: the message must not slow or order the tests.
import { executeServerCommand } from '@web/test-runner-commands'

mocha.suite.beforeEach(function reportStart() {
  const title = this.currentTest?.fullTitle()
  if (title) void executeServerCommand('test-started', { title })
})
