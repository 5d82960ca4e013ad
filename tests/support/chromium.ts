import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { launchChromiumShell } from '../../scripts/launch-chromium.ts'

// One Chromium per test worker, for the files it runs one after another (their modules are
// shared: vitest.config.ts): a launch costs about 2 s of a core, and e2e has eighteen files. A
// browser that went away is launched again for the next file; Playwright ends it with the worker.
let workerBrowser: Promise<Browser> | undefined

function chromiumForWorker(): Promise<Browser> {
  if (!workerBrowser) {
    const launching = launchChromiumShell()
    workerBrowser = launching
    launching.then(
      (browser) => browser.on('disconnected', () => (workerBrowser = undefined)),
      () => (workerBrowser = undefined),
    )
  }
  return workerBrowser
}

/**
 * Chromium for the calling test file: every context the file opens in it is closed after its
 * tests. Vitest runs afterAll hooks last-registered first, so a file that starts its own servers
 * calls this after declaring their hooks: its pages then close before the servers they have
 * connections to.
 */
export function chromiumForFile(): Browser {
  let browser: Browser | undefined
  const opened = new Set<BrowserContext>()
  const track = (context: BrowserContext) => {
    opened.add(context)
    context.once('close', () => opened.delete(context))
    return context
  }
  const closeOpened = () => Promise.all([...opened].map((context) => context.close()))
  beforeAll(async () => {
    browser = await chromiumForWorker()
  })
  afterAll(closeOpened)
  // A visitor's browser says Chrome where headless Chromium says HeadlessChrome, which the
  // function takes for a robot and counts no view of (known-robots.ts).
  const asVisitor = <T extends { userAgent?: string }>(options: T | undefined): T =>
    ({
      userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${(browser as Browser).version()} Safari/537.36`,
      ...options,
    }) as T
  // The file's own view of the browser: what it opens is tracked, and closing it closes those.
  const ownView: Partial<Browser> = {
    newContext: async (options) => track(await (browser as Browser).newContext(asVisitor(options))),
    newPage: async (options) => {
      const page = await (browser as Browser).newPage(asVisitor(options))
      track(page.context())
      return page
    },
    close: async () => {
      await closeOpened()
    },
  }
  // The browser exists only once beforeAll has run, so the file holds this stand-in for it.
  return new Proxy({} as Browser, {
    get(_, key) {
      if (!browser) throw new Error('Chromium starts in beforeAll: use it in a test or a hook')
      if (Object.hasOwn(ownView, key)) return ownView[key as keyof Browser]
      const value = Reflect.get(browser, key, browser)
      return typeof value === 'function' ? value.bind(browser) : value
    },
  })
}
