// The engines besides Chromium, as Debian packages them: Firefox ESR, driven over WebDriver BiDi
// by puppeteer-core, and WebKitGTK's MiniBrowser (Safari's engine), driven over W3C WebDriver by
// WebKitWebDriver on a virtual X display. Nothing here downloads a browser or a driver.
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import * as puppeteer from 'puppeteer-core'
import { freePort } from '../support/free-port.ts'
import { type ServerProcess, startServerProcess } from '../support/start-server-process.ts'

export type EngineName = 'firefox' | 'webkit'

/**
 * An engine the visitor tests drive, with its version; Firefox's with the address of the run's
 * one Firefox (`startSharedFirefox`), WebKit's with its running driver.
 */
export type VisitorEngine =
  | { name: 'firefox'; version: string; endpoint: string }
  | { name: 'webkit'; version: string; hostname: string; port: number }

/** The host name a partner's page is served under on plain http, through the host proxy. */
export const plainHost = 'partner.test'

const firefoxPath = '/usr/bin/firefox-esr'
const webkitDriverPath = '/usr/bin/WebKitWebDriver'
const xvfbPath = '/usr/bin/Xvfb'

// /usr/lib/<architecture triplet>/webkit2gtk-4.1/MiniBrowser
function miniBrowserPath(): string | undefined {
  const triplets = readdirSync('/usr/lib').filter((name) => name.endsWith('-linux-gnu'))
  return triplets
    .map((triplet) => `/usr/lib/${triplet}/webkit2gtk-4.1/MiniBrowser`)
    .find((path) => existsSync(path))
}

/** Each engine's Debian packages, each with the check that it is installed. */
export const enginePackages: Record<EngineName, Array<[string, () => boolean]>> = {
  firefox: [['firefox-esr', () => existsSync(firefoxPath)]],
  webkit: [
    ['webkit2gtk-driver', () => existsSync(webkitDriverPath) && !!miniBrowserPath()],
    ['xvfb', () => existsSync(xvfbPath)],
  ],
}

/** The line that installs what `engines` lack, or undefined when nothing is missing. */
export function installLine(engines: EngineName[]): string | undefined {
  const missing = engines
    .flatMap((engine) => enginePackages[engine])
    .filter(([, present]) => !present())
    .map(([name]) => name)
  if (missing.length === 0) return undefined
  const sudo = process.getuid?.() === 0 ? '' : 'sudo '
  return `${missing.join(', ')} missing. Install with: ${sudo}apt-get update && ${sudo}apt-get install -y ${missing.join(' ')}`
}

/** puppeteer-core's options for Debian's Firefox ESR, headless, over WebDriver BiDi. */
export const firefoxLaunchOptions: puppeteer.LaunchOptions = {
  browser: 'firefox',
  executablePath: firefoxPath,
  headless: true,
  // No first-run pages or background fetches: the machine's network is closed.
  extraPrefsFirefox: { 'network.connectivity-service.enabled': false },
}

export interface SharedFirefox {
  /** WebDriver BiDi's address, for `connectFirefox`. */
  endpoint: string
  stop(): Promise<void>
}

/**
 * The run's one Firefox, for the browser tests' pages, each member of staff and each visitor
 * (each of those in a user context of their own: fresh cookies and storage, as a new browser has
 * them), each connecting in turn, as Firefox holds one WebDriver BiDi session at a time. A launch
 * on a new profile costs about 7 s of a core; the run made three. Its plain-http requests go
 * through `proxyPort` (host-proxy.ts); Firefox sends none for 127.0.0.1 or localhost there.
 */
export async function startSharedFirefox(proxyPort: number): Promise<SharedFirefox> {
  const downloads = await mkdtemp(join(tmpdir(), 'firefox-downloads-'))
  const browser = await puppeteer.launch({
    ...firefoxLaunchOptions,
    extraPrefsFirefox: {
      ...firefoxLaunchOptions.extraPrefsFirefox,
      'network.proxy.type': 1,
      'network.proxy.http': '127.0.0.1',
      'network.proxy.http_port': proxyPort,
      // A staff export is saved without the downloads panel, which would otherwise open over
      // the page and take the next click.
      'browser.download.folderList': 2,
      'browser.download.dir': downloads,
      'browser.download.useDownloadDir': true,
      'browser.download.alwaysOpenPanel': false,
    },
  })
  const endpoint = browser.wsEndpoint()
  const child = browser.process()
  await browser.disconnect()
  return {
    endpoint,
    async stop() {
      // Back once Firefox has exited, not only been asked to: a run must not leave it behind.
      const exited = new Promise<void>((resolve) => {
        if (!child || child.exitCode !== null || child.signalCode !== null) resolve()
        else child.once('exit', () => resolve())
      })
      try {
        await (await connectFirefox(endpoint)).close()
      } catch {
        child?.kill()
      }
      await exited
      await rm(downloads, { recursive: true, force: true })
    },
  }
}

/**
 * A session on the run's Firefox; `disconnect()` ends it for the next, `close()` would end Firefox.
 * Without network events, which no test reads (puppeteer's HTTPRequest and HTTPResponse): each
 * of a browser test page's hundreds of module requests was three or more events through the
 * session, 5.4 s of this process's CPU in Firefox's browser tests alone.
 */
export function connectFirefox(endpoint: string): Promise<puppeteer.Browser> {
  return puppeteer.connect({
    browserWSEndpoint: endpoint,
    protocol: 'webDriverBiDi',
    networkEnabled: false,
  })
}

export async function firefoxVersion(): Promise<string> {
  const { stdout } = await promisify(execFile)(firefoxPath, ['--version'])
  return stdout.trim().replace(/^Mozilla /, '')
}

/** WebDriver capabilities that open MiniBrowser through WebKitWebDriver, classic protocol only. */
export function webkitCapabilities() {
  return {
    browserName: 'MiniBrowser',
    'webkitgtk:browserOptions': { binary: miniBrowserPath(), args: ['--automation'] },
    // WebKitWebDriver speaks no WebDriver BiDi, which webdriverio asks for by default.
    'wdio:enforceWebDriverClassic': true,
  }
}

export interface WebKitDriver {
  hostname: string
  port: number
  /** "WebKitGTK 2.50.6", as MiniBrowser reports itself. */
  version: string
  stop(): Promise<void>
}

function startXvfb(): Promise<{ display: string; child: ChildProcess }> {
  // -displayfd: the server picks a free display itself and writes its number, so runs side by
  // side never race for one.
  const child = spawn(
    xvfbPath,
    ['-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  )
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}`)))
    child.stdout?.once('data', (chunk) => resolve({ display: `:${String(chunk).trim()}`, child }))
  })
}

/** An X display of its own and WebKitWebDriver on a free port of 127.0.0.1, until `stop()`. */
export async function startWebKitDriver(): Promise<WebKitDriver> {
  const xvfb = await startXvfb()
  const stopXvfb = () =>
    new Promise<void>((resolve) => {
      if (xvfb.child.exitCode !== null) return resolve()
      xvfb.child.removeAllListeners('exit')
      xvfb.child.once('exit', () => resolve())
      xvfb.child.kill()
    })
  const env = { ...process.env, DISPLAY: xvfb.display }
  let driver: ServerProcess | undefined
  try {
    // MiniBrowser names its WebKitGTK version only with a display to open.
    const { stdout } = await promisify(execFile)(miniBrowserPath() as string, ['--version'], {
      env,
    })
    const port = await freePort()
    driver = await startServerProcess({
      command: webkitDriverPath,
      args: [`--port=${port}`, '--host=local'],
      env,
      url: `http://127.0.0.1:${port}/status`,
      timeoutMs: 20_000,
    })
    const running = driver
    return {
      hostname: '127.0.0.1',
      port,
      version: stdout.trim(),
      async stop() {
        await running.stop()
        await stopXvfb()
      },
    }
  } catch (error) {
    await driver?.stop()
    await stopXvfb()
    throw error
  }
}
