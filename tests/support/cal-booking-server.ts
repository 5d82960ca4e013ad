import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { scratchFolder } from './scratch-folder.ts'
import { startLocalServer } from './start-local-server.ts'
import type { ServerProcess } from './start-server-process.ts'

/** `npm start` on a PGlite folder of its own, routing every lead to a Cal.com page. */
export interface CalBookingServer {
  server: ServerProcess
  /** A temporary folder for the test, removed by `stop`. */
  tempDir: string
  /** The server's PGlite folder, for `npm run leads` and `npm run insights` beside it. */
  dataDir: string
  stop(): Promise<void>
}

/**
 * Starts `npm start` booking every lead on `https://cal.com/acme/demo`, with Cal.com webhooks
 * signed under `secret`, no email or webhook notifier, and `env` over that.
 */
export async function startCalBookingServer(
  name: string,
  secret: string,
  env: NodeJS.ProcessEnv = {},
): Promise<CalBookingServer> {
  const tempDir = await scratchFolder(`${name}-`)
  const dataDir = join(tempDir, 'pglite')
  const stop = () => rm(tempDir, { recursive: true, force: true })
  try {
    const server = await startLocalServer({
      PGLITE_DATA_DIR: dataDir,
      DATABASE_URL: '',
      RESEND_API_KEY: '',
      NOTIFY_WEBHOOK_URL: '',
      DEMO_REQUEST_ROUTES: JSON.stringify([{ book: 'https://cal.com/acme/demo' }]),
      CAL_WEBHOOK_SECRET: secret,
      ...env,
    })
    return {
      server,
      tempDir,
      dataDir,
      stop: async () => {
        await server.stop()
        await stop()
      },
    }
  } catch (error) {
    await stop()
    throw error
  }
}
