// Names the test a hung page was in. A page that stops running (a browser that throttles or
// freezes it, a wait that never ends and starves Mocha's own timer) never reports, so the
// runner's own message names only the file, after testsFinishTimeout. Each page tells this
// plugin the title of every test as it starts (tests/browser/test-started.ts, loaded by the
// runner page), and the reporter prints the last one for each file that did not finish.
import { relative } from 'node:path'

export function hungTests() {
  // The test each page started last, and whether it ended, by session id.
  const last = new Map()
  const plugin = {
    name: 'hung-tests',
    executeCommand({ command, payload, session }) {
      if (command === 'test-started') last.set(session.id, { title: payload.title, ended: false })
      else if (command === 'test-ended') last.set(session.id, { title: payload.title, ended: true })
      else return undefined
      return true
    },
  }
  const reporter = {
    reportTestFileResults({ logger, sessionsForTestFile }) {
      for (const session of sessionsForTestFile) {
        const hung = session.errors?.some((error) => /did not (finish|start)/.test(error.message))
        if (!hung) continue
        const test = last.get(session.id)
        const where = !test
          ? 'before any test had said it started'
          : test.ended
            ? `after "${test.title}", which ended`
            : `"${test.title}"`
        logger.error(
          `${session.browser.name} hung in ${relative(process.cwd(), session.testFile)}: ${where}`,
        )
      }
    },
  }
  return { plugin, reporter }
}

/** The runner's page: the test framework, then the module that reports each test's start. */
export function testRunnerHtml(framework) {
  return `<!doctype html><html><head><meta charset="utf-8"></head><body>
<script type="module" src="${framework}"></script>
<script type="module" src="/tests/browser/test-started.ts"></script>
</body></html>`
}
