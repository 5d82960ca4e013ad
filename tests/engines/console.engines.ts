// A day at the console (tests/support/console-scenario.ts) in each engine scripts/test-engines.ts
// provides, as Chromium has it in tests/e2e/console.e2e.ts: served by the real local server on an
// embedded database of its own, whose printed sign-in emails the day reads.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, inject, it } from 'vitest'
import { consoleDay } from '../support/console-scenario.ts'
import { startLocalServer } from '../support/start-local-server.ts'
import type { ServerProcess } from '../support/start-server-process.ts'

let tempDir: string
let server: ServerProcess
beforeAll(async () => {
  tempDir = await mkdtemp(join(tmpdir(), 'console-engines-'))
  server = await startLocalServer({
    PGLITE_DATA_DIR: join(tempDir, 'pglite'),
    DATABASE_URL: '',
    RESEND_API_KEY: '',
    NOTIFY_WEBHOOK_URL: '',
    // Leads with an email to reply to, and a phone the roles without personal data must not see.
    DEMO_REQUEST_FIELDS: 'email,phone?',
  })
})
afterAll(async () => {
  await server?.stop()
  await rm(tempDir, { recursive: true, force: true })
})

for (const engine of inject('engines')) {
  describe(engine.name, () => {
    it(`${engine.version}: gives an invited sales person the day, the owner its trail, and marketing and a partner no personal data`, async () => {
      await consoleDay(engine, { ...server, dataDir: join(tempDir, 'pglite') })
    })
  })
}
