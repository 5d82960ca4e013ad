import type { AddressInfo } from 'node:net'
import type { Plugin } from 'vite'
import { createDemoRequestHandler } from '../supabase/functions/_shared/demo-request-handler.ts'
import { createBackendListener } from './backend-app.ts'
import { type BackendConfig, readBackendConfig } from './backend-config.ts'
import { backendNotifier } from './backend-notifier.ts'
import { createLocalAdmin } from './local-admin.ts'
import { loopbackUrl } from './loopback-url.ts'
import { openBackendStore } from './open-backend-store.ts'

/**
 * Serves the send-demo-request function at `/functions/v1/send-demo-request` inside Vite's dev
 * server, on the same database and settings as `npm start` (embedded PGlite unless
 * `DATABASE_URL` is set). Everything else falls through to Vite.
 */
export function demoRequestBackend(overrides: Partial<BackendConfig> = {}): Plugin {
  return {
    name: 'demo-request-backend',
    apply: 'serve',
    async configureServer(server) {
      const config = { ...readBackendConfig(), ...overrides }
      const backend = await openBackendStore(config)
      const notifier = backendNotifier(config)
      const handler = createDemoRequestHandler({
        store: backend.store,
        notifier,
        allowedOrigins: config.allowedOrigins,
        rateLimit: config.rateLimit,
        notifyTimeoutMs: config.notifyTimeoutMs,
      })
      const admin =
        backend.lock === null
          ? undefined
          : createLocalAdmin({
              token: backend.lock.owner.token,
              store: backend.store,
            })
      server.middlewares.use(createBackendListener({ handler, admin }))
      server.httpServer?.once('listening', () => {
        const address = server.httpServer?.address() as AddressInfo | null
        if (!address) return
        backend.lock?.setUrl(loopbackUrl(address)).catch(() => {})
      })
      server.httpServer?.once('close', () => {
        backend.close().catch((error) => console.error('Closing the demo-request backend', error))
      })
    },
  }
}
