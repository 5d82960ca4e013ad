import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// Whole-site tests: the built site served by the real local server, driven in Debian's
// Chromium; plus the site's own component tests, which need no browser.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { extends: true, test: { name: 'site', include: ['site/**/*.test.{ts,tsx}'] } },
    ],
  },
})
