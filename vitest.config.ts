import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import { playwright } from '@vitest/browser-playwright'
import { configDefaults, defineConfig } from 'vitest/config'
import { chromiumShellArgs, chromiumShellPath } from './scripts/chromium-path.js'
import { SlowestFirst } from './tests/support/slowest-first.ts'

const storybook = fileURLToPath(new URL('.storybook', import.meta.url))

// A worker per core, not Vitest's one fewer: on two cores one worker left a core idle while the
// unit files, each a second or less, spent it starting.
const workerPerCore = '100%'

// The backend and e2e files spend much of their time waiting on the servers, databases, browsers
// and installs they start, so these run half again as many: in fresh-clone runs on two cores the
// backend went from 324 s to 209–215 s, e2e from 367 s to 333–345 s (its two cores were then 97%
// busy, by process accounting: Chromium about half of it).
const waitingWorkers = Math.max(2, Math.round(availableParallelism() * 1.5))

// The files of every project share a worker's modules (the e2e files its Chromium too,
// tests/support/chromium.ts; the story files one page), rather than each starting afresh:
// importing the module graph again for every file (PGlite's WebAssembly among it) was a third of
// the CPU the unit and backend projects took (unit 66 → 39 s of CPU, backend about 390 → 269 on
// two cores). Their files keep no state between them: a stubbed global, a fake clock or a
// changed setting is put back in the file that changed it.
const isolateEachFile = false

// Every Vitest test, one project per kind: `vitest run --project <name>`. Tests that need a
// browser page of their own (*.browser.test.*) run under web-test-runner instead
// (web-test-runner.config.js), as the project card asks (docs/requirements.md#project-card).
export default defineConfig({
  test: {
    sequence: { sequencer: SlowestFirst },
    projects: [
      {
        // In Node, no server, no build: the shared core, the widget's modules, the site's
        // modules, the build and docs scripts, and the test support itself.
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.{ts,tsx}',
            'widget/**/*.test.ts',
            'site/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            'tests/support/**/*.test.ts',
            'tests/docs/**/*.test.ts',
            '*.test.ts',
          ],
          exclude: [...configDefaults.exclude, '**/*.browser.test.*'],
          maxWorkers: workerPerCore,
          isolate: isolateEachFile,
          // A deadline only turns a hang into a failure: Vitest's 5 s raced the machine's load
          // for the stand-in pages driven in Chromium (tests/support/booking-stand-in.test.ts).
          testTimeout: 30_000,
        },
      },
      {
        // The function's code, the local server and the databases (PGlite and PostgreSQL 15).
        test: {
          name: 'backend',
          include: ['supabase/**/*.test.ts', 'server/**/*.test.ts', 'tests/backend/**/*.test.ts'],
          globalSetup: ['tests/support/shared-postgres.ts'],
          maxWorkers: waitingWorkers,
          isolate: isolateEachFile,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The built site on the real local server, driven in Debian's Chromium.
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          maxWorkers: waitingWorkers,
          isolate: isolateEachFile,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Every story renders, runs its play function, then axe, in Debian's Chromium.
        extends: `${storybook}/vite.config.ts`,
        plugins: [storybookTest({ configDir: storybook })],
        test: {
          name: 'stories',
          // Room for the waits on lazily loaded pages (stories/site-pages.stories.tsx).
          testTimeout: 30_000,
          // One page for every story file rather than a new frame each: 65 → 43–47 s of CPU.
          isolate: isolateEachFile,
          // Two pages, each taking the next story file, where Vitest's one fewer than the cores
          // gave one on two: one page left the second core idle while its stories waited on
          // timers and lazily loaded modules. Back to back at a load of about 20 on two cores,
          // 222 → 195 s, for 28 → 34 s of CPU (each page imports the stories' modules).
          maxWorkers: 2,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: chromiumShellPath(), args: chromiumShellArgs },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
})
