import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { freePort } from '../../tests/support/free-port.ts'
import { startLocalServer } from '../../tests/support/start-local-server.ts'
import type { ServerProcess } from '../../tests/support/start-server-process.ts'
import { waitUntil } from '../../tests/support/wait-until.ts'
import type { Destinations } from './destinations.ts'
import { cleanupOnInterrupt } from './interrupt-cleanup.ts'

// Whether any process of the group was there to signal.
function signalGroup(group: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(group, signal)
    return true
  } catch {
    return false
  }
}

/** A running `npm start`, and how long it took to answer `/` with 200. */
export interface NpmStart {
  url: string
  seconds: number
  output(): string
  stop(): Promise<void>
}

/**
 * Runs `npm start` as a person would, on a free port with its data in `dataDir`, and times it
 * from the spawn to the first 200 from `/`. It runs in its own process group, so stopping it
 * stops the build or server npm started too.
 */
export async function startNpmStart(root: string, dataDir: string): Promise<NpmStart> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}/`
  const started = performance.now()
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      PGLITE_DATA_DIR: dataDir,
      NOTIFY_RETRY_SECONDS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  child.stdout.on('data', (chunk) => {
    output += chunk
  })
  child.stderr.on('data', (chunk) => {
    output += chunk
  })
  const exited = new AbortController()
  child.once('exit', (code, signal) =>
    exited.abort(new Error(`npm start exited with ${signal ?? code}`)),
  )
  const stop = cleanupOnInterrupt(async () => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return
    const gone = new Promise((resolve) => child.once('exit', resolve))
    const group = -child.pid
    process.kill(group, 'SIGTERM')
    const kill = setTimeout(() => signalGroup(group, 'SIGKILL'), 10_000)
    await gone
    // npm may leave before the server it started has let go of its port and data folder.
    await waitUntil(() => !signalGroup(group, 0), { timeoutMs: 10_000, what: 'npm start to exit' })
    clearTimeout(kill)
  })
  try {
    await waitUntil(
      async (signal) => {
        try {
          const response = await fetch(url, { signal })
          await response.body?.cancel()
          return response.status === 200
        } catch {
          return false
        }
      },
      {
        timeoutMs: 300_000,
        intervalMs: 50,
        signal: exited.signal,
        what: `npm start to answer on ${url}`,
      },
    )
  } catch (error) {
    await stop()
    throw new Error(`${(error as Error).message}\n${output}`)
  }
  return { url, seconds: (performance.now() - started) / 1000, output: () => output, stop }
}

/**
 * The local server as `npm start` runs it (start-local-server.ts), on a PGlite folder of its own
 * in a new temporary folder named from `prefix`, sending to every one of `destinations`, with no
 * rate limit (one address sends every lead) and `env` over that. It takes the destinations over:
 * `stop` closes them with the server and removes the folder, as a start that fails does.
 */
export async function startServerToDestinations(
  destinations: Destinations,
  prefix: string,
  env: Record<string, string> = {},
): Promise<{ server: ServerProcess; stop(): Promise<void> }> {
  let dataDir: string | undefined
  const removeRest = () =>
    Promise.all([
      destinations.close(),
      dataDir && rm(dataDir, { recursive: true, force: true }),
    ]).then(() => {})
  try {
    dataDir = await mkdtemp(join(tmpdir(), prefix))
    const server = await startLocalServer(
      {
        PGLITE_DATA_DIR: join(dataDir, 'pglite'),
        ...destinations.env,
        RATE_LIMIT_MAX: '1000000000',
        RATE_LIMIT_GLOBAL_MAX: '1000000000',
        ...env,
      },
      { timeoutMs: 120_000 },
    )
    return {
      server,
      async stop() {
        await server.stop()
        await removeRest()
      },
    }
  } catch (error) {
    await removeRest()
    throw error
  }
}
