// What each framework test sets up around a partner's app: a temporary folder holding the packed
// tarball, a free port for the app's own server, the local backend allowing that origin, and
// Debian's Chromium to open the app with.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { freePort } from '../support/free-port.ts'
import { startLocalServer } from '../support/start-local-server.ts'
import type { ServerProcess } from '../support/start-server-process.ts'
import { launchChromium } from './browser.ts'
import { leadsCsvLines } from './leads.ts'
import { type Packed, packInto } from './partner-package.ts'

/** The link partners put inside the element, shown until it upgrades. */
export const fallbackLink = 'Request a demo'

export interface FrameworkApp {
  /** The app's folder, with the tarball in it. */
  folder: string
  packed: Packed
  /** Where the app's own server is to listen, and the origin the backend allows. */
  port: number
  origin: string
  /** The backend's origin, for the element's `supabase-url`. */
  backend: string
  /** Writes each file, by its path in the app's folder. */
  write(files: Record<string, string>): Promise<void>
  /** Opens `path` on the app's origin, recording console errors, hydration notes and page errors. */
  open(path?: string, options?: { javaScriptEnabled?: boolean }): Promise<OpenPage>
  /** The `npm run leads -- --csv` lines of the leads stored under `companyName`. */
  storedLeads(companyName: string): Promise<string[]>
  stop(): Promise<void>
}

interface OpenPage {
  tab: Page
  problems: string[]
  close(): Promise<void>
}

export async function startFrameworkApp(name: string): Promise<FrameworkApp> {
  const tempDir = await mkdtemp(join(tmpdir(), `demo-request-${name}-`))
  const folder = join(tempDir, 'app')
  const dataDir = join(tempDir, 'pglite')
  let backend: ServerProcess | undefined
  let browser: Browser | undefined
  const stop = async () => {
    await browser?.close()
    await backend?.stop()
    await rm(tempDir, { recursive: true, force: true })
  }
  try {
    await mkdir(folder)
    const packed = await packInto(folder)
    const port = await freePort()
    const origin = `http://127.0.0.1:${port}`
    backend = await startLocalServer({
      PGLITE_DATA_DIR: dataDir,
      DATABASE_URL: '',
      RESEND_API_KEY: '',
      NOTIFY_WEBHOOK_URL: '',
      ALLOWED_ORIGINS: origin,
    })
    browser = await launchChromium()
    const chromium = browser
    return {
      folder,
      packed,
      port,
      origin,
      backend: new URL(backend.url).origin,
      async write(files) {
        for (const [path, text] of Object.entries(files)) {
          await mkdir(dirname(join(folder, path)), { recursive: true })
          await writeFile(join(folder, path), text)
        }
      },
      async open(path = '/', options = {}) {
        const context = await chromium.newContext(options)
        const tab = await context.newPage()
        const problems: string[] = []
        tab.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
        tab.on('console', (message) => {
          if (message.type() === 'error' || /hydrat/i.test(message.text())) {
            problems.push(`console ${message.type()}: ${message.text()}`)
          }
        })
        await tab.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }))
        await tab.goto(`${origin}${path}`)
        return { tab, problems, close: () => context.close() }
      },
      async storedLeads(companyName) {
        return (await leadsCsvLines(dataDir)).filter((line) => line.includes(companyName))
      },
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
