import { type ChildProcess, spawn } from 'node:child_process'
import { waitUntil } from './wait-until.ts'

/** What to run, and where it answers once it is ready. */
export interface ServerProcessOptions {
  command: string
  args: string[]
  cwd?: string
  env?: NodeJS.ProcessEnv
  /** Polled until it answers; pick the port with `freePort()` and hand it to the process. */
  url: string
  /** The request to poll with; a GET by default. */
  init?: RequestInit
  /** Which answer means ready; any HTTP answer by default. */
  ready?: (response: Response) => boolean
  /** Milliseconds to wait for the first good answer; 120 s by default, far past a loaded start. */
  timeoutMs?: number
}

/** A process that answered on its URL. */
export interface ServerProcess {
  child: ChildProcess
  url: string
  /** Everything it wrote to stdout and stderr so far. */
  output(): string
  /** Asks it to end, kills it if it has not after `graceMs`, and resolves once it has exited. */
  stop(graceMs?: number): Promise<void>
}

/**
 * Spawns a server process and resolves once its URL answers. Rejects with the process's output
 * as soon as it exits, or when the deadline passes (then it is killed first).
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const { command, args, cwd, env, url, init, ready = () => true, timeoutMs = 120_000 } = options
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  // 'close' rather than 'exit': it comes once the output has all been read, for the error.
  const exited = new AbortController()
  child.once('close', (code, signal) => exited.abort(new Error(`it exited with ${signal ?? code}`)))
  child.once('error', (error) => exited.abort(error))

  // No pid: it never started, and no 'exit' will come.
  const running = () =>
    child.pid !== undefined && child.exitCode === null && child.signalCode === null
  const server: ServerProcess = {
    child,
    url,
    output: () => output,
    async stop(graceMs = 10_000) {
      if (!running()) return
      const gone = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      const kill = setTimeout(() => child.kill('SIGKILL'), graceMs)
      await gone
      clearTimeout(kill)
    },
  }

  try {
    await waitUntil(
      async (signal) => {
        try {
          const response = await fetch(url, { ...init, signal })
          await response.body?.cancel()
          return ready(response)
        } catch {
          return false // Not listening yet.
        }
      },
      {
        timeoutMs,
        intervalMs: 50,
        signal: exited.signal,
        what: `${[command, ...args].join(' ')} to answer on ${url}`,
      },
    )
  } catch (error) {
    await server.stop(0)
    // The pid names what was stopped, whether or not it got as far as writing anything.
    throw new Error(`${(error as Error).message} (pid ${child.pid})\n${output}`)
  }
  return server
}
