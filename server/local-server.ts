import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { DemoRequestStore } from '../supabase/functions/_shared/demo-request-store.ts'
import { createBackendListener } from './backend-app.ts'
import { type BackendConfig, readBackendConfig } from './backend-config.ts'
import { backendRoutes } from './backend-routes.ts'
import { loopbackUrl } from './loopback-url.ts'
import { openBackendStore } from './open-backend-store.ts'
import { createStaticFiles } from './static-files.ts'

/** A running local backend. */
export interface LocalServer {
  /** The origin it serves, such as `http://localhost:3000`. */
  url: string
  store: DemoRequestStore
  config: BackendConfig
  /** Where the data lives, for people. */
  description: string
  close(): Promise<void>
}

/**
 * Serves the product on one origin: the site or demo page, the widget files and the function,
 * on the database the configuration names. `overrides` lets tests pick ports and folders.
 */
export async function startLocalServer(
  overrides: Partial<BackendConfig> = {},
): Promise<LocalServer> {
  const config = { ...readBackendConfig(), ...overrides }
  const backend = await openBackendStore(config)
  const server = createServer(
    createBackendListener({
      ...backendRoutes(config, backend),
      fallback: createStaticFiles(config.distDir),
    }),
  )
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(config.port, config.host, () => resolve())
    })
  } catch (error) {
    await backend.close()
    throw error
  }
  const address = server.address() as AddressInfo
  const local = loopbackUrl(address)
  // People read "localhost" more easily; the owner file keeps the exact address.
  const url = local.replace(/^http:\/\/(127\.0\.0\.1|\[::1\])/, 'http://localhost')
  await backend.lock?.setUrl(local)
  return {
    url,
    store: backend.store,
    config,
    description: backend.description,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await backend.close()
    },
  }
}
