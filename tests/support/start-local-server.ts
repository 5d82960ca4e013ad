import { fileURLToPath } from 'node:url'
import { freePort } from './free-port.ts'
import { migratedPgliteFolderUnlessPresent } from './pglite-folder.ts'
import { serverEntry } from './server-entries.ts'
import { type ServerProcess, startServerProcess } from './start-server-process.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * The local server as `npm start` runs it (`server/start.ts`, built: server-entries.ts), serving the build already in
 * `dist/` (no rebuild) on a free port of 127.0.0.1, with `env` over this process's environment.
 * No proof of work unless `env` sets `POW_MAX_BITS`: tests that post as scripts judge the rest,
 * and those through the widget (e2e) set the bits. A `PGLITE_DATA_DIR` that does not exist yet
 * starts as a copy of a migrated database (pglite-folder.ts), unless `initdb` asks for PGlite's
 * own first start and every migration, as a fresh clone's `npm start` makes it. Resolves once `/` answers 200.
 */
export async function startLocalServer(
  env: NodeJS.ProcessEnv,
  { timeoutMs, initdb = false }: { timeoutMs?: number; initdb?: boolean } = {},
): Promise<ServerProcess> {
  const dataDir = env.PGLITE_DATA_DIR
  if (dataDir && !initdb) await migratedPgliteFolderUnlessPresent(dataDir)
  const port = await freePort()
  return startServerProcess({
    command: process.execPath,
    args: await serverEntry('server/start.ts'),
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
