// A day at the console (tests/support/console-scenario.ts) in each engine scripts/test-engines.ts
// provides, as Chromium has it in tests/e2e/console.e2e.ts: served by the real local server on an
// embedded database of its own, whose printed sign-in emails the day reads.
import { afterAll, beforeAll, describe, inject, it } from 'vitest'
import { consoleDay, startConsoleServer } from '../support/console-scenario.ts'
import { stopStaffBrowsers } from '../support/staff-browser.ts'

// A server of the file's own, whose printed sign-in emails the day reads.
let server: Awaited<ReturnType<typeof startConsoleServer>>
beforeAll(async () => {
  server = await startConsoleServer()
})
afterAll(() => server?.stop())
// Registered after the server's, so it runs first: the pages close before the server they use.
afterAll(stopStaffBrowsers)

for (const engine of inject('engines')) {
  describe(engine.name, () => {
    it(`${engine.version}: gives an invited sales person the day, the owner its trail, and marketing and a partner no personal data`, async () => {
      await consoleDay(engine, server)
    })
  })
}
