import { BaseSequencer, type TestSpecification } from 'vitest/node'

// The files that take longest, longest first, as fresh-clone runs of `npm test` timed them on two
// cores. Without durations from an earlier run (a fresh clone has none) Vitest orders files by
// size, and these started last: the e2e and backend stages then ended with one long file
// running alone (Next.js's 126 s, `commands.test.ts`'s 102 s). A path no longer here is skipped.
const slowestFirst = [
  'tests/e2e/booking.e2e.ts',
  'tests/e2e/next-app.e2e.ts',
  'tests/e2e/loader.e2e.ts',
  'tests/e2e/request-demo.e2e.ts',
  'tests/e2e/astro-site.e2e.ts',
  'tests/e2e/package-install.e2e.ts',
  // Backend files in the order of their times in a backend run at 5e51bdc under a load of 10–13.
  'tests/backend/leads-command.test.ts',
  'tests/backend/database-outage.test.ts',
  'tests/backend/funnel-bounds-postgres.test.ts',
  'tests/backend/funnel-bounds-pglite.test.ts',
  'tests/backend/start-command-email.test.ts',
  'tests/backend/start-command.test.ts',
  'tests/backend/commands-on-database-url.test.ts',
  'tests/backend/cal-confirmation.test.ts',
  'tests/backend/booking-reconciliation.test.ts',
  'tests/backend/handler-properties.test.ts',
  'server/local-server.test.ts',
  'tests/backend/insights-command.test.ts',
  'server/vite-plugin.test.ts',
]

const rank = (file: TestSpecification) => {
  const index = slowestFirst.findIndex((path) => file.moduleId.endsWith(`/${path}`))
  return index < 0 ? slowestFirst.length : index
}

/** Vitest's own order, with the files known to take longest moved to the front. */
export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b))
  }
}
