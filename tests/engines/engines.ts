// The engines besides Chromium, as Debian packages them: Firefox ESR, driven over WebDriver BiDi
// by puppeteer-core, and WebKitGTK's MiniBrowser (Safari's engine), driven over W3C WebDriver by
// WebKitWebDriver on a virtual X display. Nothing here downloads a browser or a driver.
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { promisify } from 'node:util'
import type { LaunchOptions } from 'puppeteer-core'
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
export const firefoxLaunchOptions: LaunchOptions = {
  browser: 'firefox',
  executablePath: firefoxPath,
  headless: true,
  // No first-run pages or background fetches: the machine's network is closed.
  extraPrefsFirefox: { 'network.connectivity-service.enabled': false },
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
