import { fileURLToPath } from 'node:url'
import { freePort } from './free-port.ts'
import { type ServerProcess, startServerProcess } from './start-server-process.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * The local server as `npm start` runs it (`server/start.ts`), serving the build already in
 * `dist/` (no rebuild) on a free port of 127.0.0.1, with `env` over this process's environment.
 * No proof of work unless `env` sets `POW_MAX_BITS`: tests that post as scripts judge the rest,
 * and those through the widget (e2e) set the bits. Resolves once `/` answers 200.
 */
export async function startLocalServer(
  env: NodeJS.ProcessEnv,
  timeoutMs?: number,
): Promise<ServerProcess> {
  const port = await freePort()
  return startServerProcess({
    command: process.execPath,
    args: ['--import', 'tsx', 'server/start.ts'],
    cwd: root,
    env: {
      ...process.env,
      SKIP_BUILD: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      POW_MAX_BITS: '0',
      ...env,
    },
    url: `http://127.0.0.1:${port}/`,
    ready: (response) => response.ok,
    timeoutMs,
  })
}
