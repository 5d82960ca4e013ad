// What each framework test sets up around a partner's app: a temporary folder holding the packed
// tarball, a free port for the app's own server, and the local backend allowing that origin. The
// app is opened in the test file's Chromium (chromiumForFile), the one its worker already runs.
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { freePort } from '../support/free-port.ts'
import { scratchFolder } from '../support/scratch-folder.ts'
import { startLocalServer } from '../support/start-local-server.ts'
import { type ServerProcess, startServerProcess } from '../support/start-server-process.ts'
import { storedLeads } from './leads.ts'
import { npmInstall, type Packed, packInto, run } from './partner-package.ts'

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
  /**
   * The app's `npm install`, begun as the app was set up (beside its backend's start, which it
   * does not need): resolves once it has ended.
   */
  install(): Promise<void>
  /** Runs one of the app's installed commands (`node_modules/.bin/<bin>`) in its folder. */
  run(bin: string, args: string[]): Promise<void>
  /** Starts the app's own server, `<bin> ...args` listening on `port`, and returns its `/`. */
  serve(bin: string, args: string[]): Promise<string>
  /** Opens `path` on the app's origin, recording console errors, hydration notes and page errors. */
  open(path?: string, options?: { javaScriptEnabled?: boolean }): Promise<OpenPage>
  /** Whether `/` shows the fallback link with scripts off, as it does until the element upgrades. */
  fallbackShownBeforeUpgrade(): Promise<boolean>
  /** The `npm run leads -- --csv` lines of the leads stored under `companyName`. */
  storedLeads(companyName: string): Promise<string[]>
  stop(): Promise<void>
}

interface OpenPage {
  tab: Page
  problems: string[]
  close(): Promise<void>
}

/** The app's package.json, which names the tarball as a dependency, and its commands' settings. */
interface AppSetup {
  manifest: (tarball: string) => Record<string, unknown>
  /** Over this environment, for the app's commands. */
  env?: NodeJS.ProcessEnv
}

/**
 * Sets up around an app named `name`, to be opened in `chromium`: writes its package.json and
 * starts `npm install` while its backend starts.
 */
export async function startFrameworkApp(
  name: string,
  chromium: Browser,
  { manifest, env = {} }: AppSetup,
): Promise<FrameworkApp> {
  const tempDir = await scratchFolder(`demo-request-${name}-`)
  const folder = join(tempDir, 'app')
  const dataDir = join(tempDir, 'pglite')
  const commandEnv = { ...process.env, ...env }
  const bin = (command: string) => join(folder, 'node_modules/.bin', command)
  let backend: ServerProcess | undefined
  let site: ServerProcess | undefined
  let installing: Promise<void> | undefined
  const stop = async () => {
    await site?.stop()
    await backend?.stop()
    // An install still writing when setup failed ends before its folder goes.
    await installing?.catch(() => {})
    await rm(tempDir, { recursive: true, force: true })
  }
  try {
    await mkdir(folder)
    const packed = await packInto(folder)
    await writeFile(join(folder, 'package.json'), JSON.stringify(manifest(packed.filename)))
    installing = npmInstall(folder).then(() => {})
    // Awaited by install(); a failure until then is its to report, not an unhandled rejection.
    installing.catch(() => {})
    const port = await freePort()
    const origin = `http://127.0.0.1:${port}`
    backend = await startLocalServer({
      PGLITE_DATA_DIR: dataDir,
      DATABASE_URL: '',
      RESEND_API_KEY: '',
      NOTIFY_WEBHOOK_URL: '',
      ALLOWED_ORIGINS: origin,
    })
    const app: FrameworkApp = {
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
      install: () => installing as Promise<void>,
      async run(command, args) {
        await run(bin(command), args, { cwd: folder, env: commandEnv })
      },
      async serve(command, args) {
        site = await startServerProcess({
          command: bin(command),
          args,
          cwd: folder,
          env: commandEnv,
          url: `${origin}/`,
          ready: (response) => response.ok,
        })
        return (await fetch(site.url)).text()
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
      async fallbackShownBeforeUpgrade() {
        const { tab, close } = await app.open('/', { javaScriptEnabled: false })
        const shown = await tab.getByRole('link', { name: fallbackLink }).isVisible()
        await close()
        return shown
      },
      storedLeads: (companyName) => storedLeads(companyName, dataDir),
      stop,
    }
    return app
  } catch (error) {
    await stop()
    throw error
  }
}
