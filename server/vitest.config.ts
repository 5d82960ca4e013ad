import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// The backend's tests: the function's shared code, the local server and whole-product checks.
// Kept apart from the widget's Vite config, whose dev root is widget/.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: [
      'supabase/**/*.test.ts',
      'server/**/*.test.ts',
      'scripts/**/*.test.ts',
      'tests/backend/**/*.test.ts',
    ],
    globalSetup: ['tests/support/require-postgres.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
})
