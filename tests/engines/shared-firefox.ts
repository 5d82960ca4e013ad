// The run's one Firefox and the sessions on it, apart from engines.ts, which the preflight of
// every `npm test` imports for its package list: puppeteer-core loads only where it drives.
import { rm } from 'node:fs/promises'
import * as puppeteer from 'puppeteer-core'
import { scratchFolder } from '../support/scratch-folder.ts'
import { firefoxLaunchOptions } from './engines.ts'

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
  const downloads = await scratchFolder('firefox-downloads-')
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
