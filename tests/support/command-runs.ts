// The real entry files a person runs (`npm start`, `npm run leads`, `npm run notify:retry`) as
// processes of their own, for the files that test them. Those files were one until it took
// 107 s of a fresh-clone run alone on one worker while the other waited: split, they share both.
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { systemEnv } from '../../scripts/system-env.ts'
import { readBackendConfig } from '../../server/config.ts'
import { openDatabase } from '../../server/database.ts'
import { type EmailApiStandIn, startEmailApiStandIn } from './email-api-stand-in.ts'
import { freePort } from './free-port.ts'
import { sampleNewDemoRequest, sampleSubmission } from './sample-lead.ts'
import { scratchFolder } from './scratch-folder.ts'
import { serverEntry } from './server-entries.ts'
import { type ServerProcess, startServerProcess } from './start-server-process.ts'

const root = new URL('../../', import.meta.url).pathname
const run = promisify(execFile)

/** Runs `file` as `npm run` does, from the repository's root (built, not through tsx: server-entries.ts). */
export const command = async (file: string, args: string[], env: NodeJS.ProcessEnv) =>
  run(process.execPath, [...(await serverEntry(file)), ...args], { cwd: root, env })

/** The same, resolving to what it wrote and its exit code when it fails. */
export const failedCommand = (file: string, args: string[], env: NodeJS.ProcessEnv) =>
  command(file, args, env).then(
    () => null,
    (error: { code?: number; stdout: string; stderr: string }) => error,
  )

/** A visitor's submission to the local server's function. */
export const submit = (url: string, firstName: string, language?: string) =>
  fetch(`${url}/functions/v1/send-demo-request`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ ...sampleSubmission, firstName, ...(language && { language }) }),
  })

/** Leads stored the way the function stores them, oldest first, with no server running. */
export async function storeLeads(env: NodeJS.ProcessEnv, firstNames: string[]) {
  const database = await openDatabase(readBackendConfig(env))
  try {
    for (const firstName of firstNames) {
      // Within limits no test reaches: each lead its own client.
      const limit = {
        clientKey: randomBytes(32).toString('hex'),
        windowStart: new Date(),
        clientMax: 1000,
        globalMax: 1000,
      }
      await database.leads.accept({ ...sampleNewDemoRequest, firstName }, limit)
    }
  } finally {
    await database.close()
  }
}

/** What a test file of commands is given: its folder, the email stand-in and `npm start`. */
interface CommandRuns {
  folder(): string
  emailApi(): EmailApiStandIn
  /** Only what the commands read, so the developer's shell cannot change the outcome. */
  environment(extra: Record<string, string>): NodeJS.ProcessEnv
  /**
   * `npm start` without the build, on a free port; stopped after the test. Built, unless `tsx`
   * asks for it run as `npm start` runs it (server-entries.ts).
   */
  startServer(env: NodeJS.ProcessEnv, options?: { tsx?: boolean }): Promise<ServerProcess>
}

/** Sets up a file's folder and email stand-in, and stops its server after each test. */
export function commandRuns(): CommandRuns {
  let folder = ''
  let emailApi: EmailApiStandIn | undefined
  let server: ServerProcess | undefined

  beforeAll(async () => {
    folder = await scratchFolder('demo-request-commands-')
    emailApi = await startEmailApiStandIn()
  })
  afterEach(async () => {
    await server?.stop()
    server = undefined
    emailApi?.reset()
  })
  afterAll(async () => {
    await emailApi?.close()
    if (folder) await rm(folder, { recursive: true, force: true })
  })

  return {
    folder: () => folder,
    emailApi() {
      if (!emailApi) throw new Error('the email stand-in starts in beforeAll')
      return emailApi
    },
    environment: (extra) => ({
      ...systemEnv(),
      PGLITE_DATA_DIR: join(folder, 'pglite'),
      // Leads are posted by script here, without the widget's proof of work.
      POW_MAX_BITS: '0',
      ...extra,
    }),
    async startServer(env, { tsx = false } = {}) {
      const port = await freePort()
      server = await startServerProcess({
        command: process.execPath,
        args: tsx ? ['--import', 'tsx', 'server/start.ts'] : await serverEntry('server/start.ts'),
        cwd: root,
        env: { ...env, SKIP_BUILD: '1', PORT: String(port) },
        url: `http://127.0.0.1:${port}`,
      })
      return server
    },
  }
}
