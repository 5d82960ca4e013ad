// A day at the console (tests/support/console-scenario.ts) in each engine scripts/test-engines.ts
// provides, as Chromium has it in tests/e2e/console.e2e.ts: served by the real local server on an
// embedded database of its own, whose printed sign-in emails the day reads.
import { afterAll, beforeAll, describe, inject, it } from 'vitest'
import { consoleDay, consoleDayLimit, startConsoleServer } from '../support/console-scenario.ts'
import { stopStaffBrowsers } from '../support/staff-browser.ts'

// Each engine's day at the same time as the other's, each on a server and database of its own:
// the marketer's funnel must equal what `npm run insights` prints of that one server, which the
// other engine's leads and views would move between the two readings. One after the other, the
// two days left a core idle for half a minute of a serial stage.
for (const engine of inject('engines')) {
  describe.concurrent(engine.name, () => {
    let server: Awaited<ReturnType<typeof startConsoleServer>>
    beforeAll(async () => {
      server = await startConsoleServer()
    })
    afterAll(() => server?.stop())

    it(
      `${engine.version}: gives an invited sales person the day, the owner its trail, and marketing and a partner no personal data`,
      async () => {
        await consoleDay(engine, server)
      },
      consoleDayLimit,
    )
  })
}
// After both days: the session their staff pages shared on the run's Firefox, ended for the next.
afterAll(stopStaffBrowsers)
