// Loaded by the runner's page after Mocha (tests/browser/hung-tests.js): a hook on the root
// suite tells the runner each test's title as it starts and ends, so a page that hangs is named with
// the test it hung in. Not awaited: the message must not slow or order the tests.
import { executeServerCommand } from '@web/test-runner-commands'

mocha.suite.beforeEach(function reportStart() {
  const title = this.currentTest?.fullTitle()
  if (title) void executeServerCommand('test-started', { title })
})

// And as it ends, so that a page stuck after its test (in a hook, or as the file closes) is not
// blamed on the test.
mocha.suite.afterEach(function reportEnd() {
  const title = this.currentTest?.fullTitle()
  if (title) void executeServerCommand('test-ended', { title })
})
