// npm run test:engines [-- firefox|webkit] [files]: the element's and the live form's browser tests, and
// a visitor's send through the site and through the loader, in Firefox and WebKit (Chromium runs
// them in npm run test:browser and test:e2e). Stops at once, with the line that installs it, when
// an engine is missing; names each engine and its version before it runs.
import { startTestRunner, type TestRunnerConfig } from '@web/test-runner'
import { chromeLauncher } from '@web/test-runner-chrome'
import { webdriverLauncher } from '@web/test-runner-webdriver'
import type * as puppeteer from 'puppeteer-core'
import { startVitest } from 'vitest/node'
import {
  type EngineName,
  firefoxLaunchOptions,
  firefoxVersion,
  installLine,
  plainHost,
  startWebKitDriver,
  type VisitorEngine,
  type WebKitDriver,
  webkitCapabilities,
} from '../tests/engines/engines.ts'
import {
  connectFirefox,
  type SharedFirefox,
  startSharedFirefox,
} from '../tests/engines/shared-firefox.ts'
import { type HostProxy, startHostProxy } from '../tests/support/host-proxy.ts'

const known: EngineName[] = ['firefox', 'webkit']
// Test files named after the engines run alone, without the visitor sends: for finding why one
// file fails in one engine (`npm run test:engines -- webkit widget/x.browser.test.ts`).
const onlyFiles = process.argv.slice(2).filter((arg) => /\.tsx?$/.test(arg))
// `--visitors=<words>`: only the visitor sends whose name holds them, no browser tests.
const visitorsArg = process.argv.slice(2).find((arg) => arg.startsWith('--visitors='))
const onlyVisitors = visitorsArg?.slice('--visitors='.length)
const asked = process.argv.slice(2).filter((arg) => !onlyFiles.includes(arg) && arg !== visitorsArg)
const unknown = asked.filter((name) => !known.includes(name as EngineName))
if (unknown.length > 0) {
  console.error(`Unknown engine ${unknown.join(', ')}: name firefox, webkit or none for both`)
  process.exit(1)
}
const engines = asked.length > 0 ? (asked as EngineName[]) : known
const install = installLine(engines)
if (install) {
  console.error(install)
  process.exit(1)
}

// The Chromium-only files: Firefox and WebKit offer tests no forced-colors emulation, and
// WebKit's driver no viewport or pointer while two files run at once.
const chromiumOnly = [
  'src/form/forced-colors.browser.test.ts',
  'src/booking/booking-panel-emulated.browser.test.tsx',
]

// The runner "launches" a session on the run's one Firefox and "closes" it by ending the session:
// the staff and the visitors take it on after (shared-firefox.ts).
async function endSession(browser: puppeteer.Browser) {
  const [, ...opened] = await browser.pages()
  await Promise.all(opened.map((page) => page.close()))
  await browser.disconnect()
}

function sessionOn(endpoint: string) {
  const launch = async () => {
    const browser = await connectFirefox(endpoint)
    return new Proxy(browser, {
      get(target, key) {
        // Its pages closed, but the first, whose window would close with it, and Firefox too.
        if (key === 'close') return () => endSession(target)
        const value = Reflect.get(target, key, target)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
  }
  return { launch } as unknown as typeof puppeteer
}

async function browserLaunchers(
  webkit: WebKitDriver | undefined,
  firefox: { version: string; endpoint: string } | undefined,
) {
  const launchers = []
  if (firefox) {
    const launcher = chromeLauncher({
      launchOptions: firefoxLaunchOptions,
      puppeteer: sessionOn(firefox.endpoint),
    })
    launcher.name = firefox.version
    launchers.push(launcher)
  }
  if (webkit) {
    const launcher = webdriverLauncher({
      hostname: webkit.hostname,
      port: webkit.port,
      logLevel: 'error',
      capabilities: webkitCapabilities(),
    })
    // It names itself from the capabilities when it starts; the version is MiniBrowser's own.
    const initialize = launcher.initialize.bind(launcher)
    launcher.initialize = async (...args) => {
      await initialize(...args)
      launcher.name = webkit.version
    }
    launchers.push(launcher)
  }
  return launchers
}

// The Chromium run's own configuration (files, stand-in function, Vite), with these browsers.
async function runBrowserTests(browsers: Awaited<ReturnType<typeof browserLaunchers>>) {
  const configFile = new URL('../web-test-runner.config.js', import.meta.url).href
  const browserTests: TestRunnerConfig & { files: string[] } = (await import(configFile)).default
  const runner = await startTestRunner({
    config: {
      ...browserTests,
      files:
        onlyFiles.length > 0
          ? onlyFiles
          : [...browserTests.files, ...chromiumOnly.map((file) => `!${file}`)],
      browsers,
      // One page at a time in each engine, the page in front, as a visitor's is. Firefox hides a
      // second file's tab and all but stops its timers and frames (153.8 let one hang the run);
      // a window of its own runs but lacks the focus. WebKit's driver runs a second file in a
      // frame of the same window, where a file hung after its last test about one run in three.
      concurrency: 1,
    },
    readCliArgs: false,
    readFileConfig: false,
    autoExitProcess: false,
  })
  if (!runner) return false
  return new Promise<boolean>((resolve) => runner.on('stopped', resolve))
}

async function runVisitorSends(engines: VisitorEngine[], hostProxy: HostProxy) {
  const vitest = await startVitest('test', [], {
    config: 'tests/engines/vitest.config.ts',
    watch: false,
    provide: { engines, hostProxy: { address: hostProxy.address, port: hostProxy.port } },
    ...(onlyVisitors && { testNamePattern: onlyVisitors }),
  })
  // Passed only if a file ran and every file passed whole (a failed hook fails its file, not a
  // test), or was left out whole by `--visitors=`, which names tests of one file only.
  const files = vitest.state.getFiles()
  const states = files.map((file) => file.result?.state)
  const passed =
    states.includes('pass') &&
    states.every((state) => state === 'pass' || (onlyVisitors && state === 'skip')) &&
    vitest.state.getUnhandledErrors().length === 0
  await vitest.close()
  return passed
}

const webkit = engines.includes('webkit') ? await startWebKitDriver() : undefined
// Firefox's visitor is started with the proxy, so the proxy comes first.
const hostProxy = await startHostProxy(plainHost)
let sharedFirefox: SharedFirefox | undefined
let passed = false
try {
  sharedFirefox = engines.includes('firefox') ? await startSharedFirefox(hostProxy.port) : undefined
  const firefox = sharedFirefox && {
    version: await firefoxVersion(),
    endpoint: sharedFirefox.endpoint,
  }
  console.log(
    `Engines: ${[firefox && `${firefox.version} (firefox-esr, WebDriver BiDi)`, webkit && `${webkit.version} (MiniBrowser, WebKitWebDriver, Xvfb)`].filter(Boolean).join('; ')}`,
  )
  const visitors: VisitorEngine[] = []
  if (firefox) visitors.push({ name: 'firefox', ...firefox })
  if (webkit) {
    const { hostname, port, version } = webkit
    visitors.push({ name: 'webkit', version, hostname, port })
  }
  passed =
    (onlyVisitors !== undefined ||
      (await runBrowserTests(await browserLaunchers(webkit, firefox)))) &&
    (onlyFiles.length > 0 || (await runVisitorSends(visitors, hostProxy)))
} finally {
  await sharedFirefox?.stop()
  await hostProxy.close()
  await webkit?.stop()
}
process.exit(passed ? 0 : 1)
