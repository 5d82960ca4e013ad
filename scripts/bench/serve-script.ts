import { freePort } from '../../tests/support/free-port.ts'
import { type ServerProcess, startServerProcess } from '../../tests/support/start-server-process.ts'

/** Runs the server `script` (a path under `root`) with tsx on a free port, once `/` answers. */
export async function serveScript(
  root: string,
  script: string,
  env: NodeJS.ProcessEnv,
): Promise<{ port: number; server: ServerProcess }> {
  const port = await freePort()
  const server = await startServerProcess({
    command: process.execPath,
    args: ['--import', 'tsx', script],
    cwd: root,
    env: { ...env, PORT: String(port) },
    url: `http://127.0.0.1:${port}/`,
    timeoutMs: 120_000,
  })
  return { port, server }
}
