import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// A visitor's sends in Firefox and WebKit, run by scripts/test-engines.ts, which starts the
// engines and provides them; the built site and widget served by the real local server.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'engines',
    include: ['tests/engines/**/*.engines.ts'],
    testTimeout: 60_000,
    // One file at a time: WebKitWebDriver holds one session, and the visitor's file keeps its
    // WebKit open from its first test to its last.
    fileParallelism: false,
    hookTimeout: 120_000,
    // The two files share the modules they import (webdriverio, puppeteer-core, the support)
    // rather than each importing them afresh: 2.3 s of CPU a run. Neither keeps state in a
    // module it shares: the staff's Firefox session is ended by the file that began it.
    isolate: false,
  },
})
