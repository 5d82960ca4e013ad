import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Plugin, ViteDevServer } from 'vite'
import { createBackendListener, functionPath } from './backend-app.ts'
import { type BackendConfig, readBackendConfig } from './backend-config.ts'
import { backendRoutes } from './backend-routes.ts'
import { adminStorePath } from './local-admin.ts'
import { loopbackUrl } from './loopback-url.ts'
import { type BackendStore, openBackendStore } from './open-backend-store.ts'

const backendPaths = new Set([functionPath, `${functionPath}/`, adminStorePath])

type Listener = ReturnType<typeof createBackendListener>

/**
 * Serves the send-demo-request function at `/functions/v1/send-demo-request` inside Vite's dev
 * server, on the same database and settings as `npm start` (embedded PGlite unless
 * `DATABASE_URL` is set). Everything else falls through to Vite.
 */
export function demoRequestBackend(overrides: Partial<BackendConfig> = {}): Plugin {
  return {
    name: 'demo-request-backend',
    apply: 'serve',
    configureServer(server) {
      const config = { ...readBackendConfig(), ...overrides }
      let backend: BackendStore | undefined
      let listener: Promise<Listener> | undefined

      // Opened on the first call, not with the server: Vitest and Storybook start Vite servers
      // too, and must not claim the embedded database a running `npm start` holds.
      const open = async () => {
        backend = await openBackendStore(config)
        const address = server.httpServer?.address()
        if (address && typeof address === 'object') await backend.lock?.setUrl(loopbackUrl(address))
        return createBackendListener(backendRoutes(config, backend))
      }

      server.middlewares.use((request: IncomingMessage, response: ServerResponse, next) => {
        const path = new URL(request.url ?? '/', 'http://localhost').pathname
        if (!backendPaths.has(path)) return next()
        listener ??= open()
        listener.then(
          (serve) => serve(request, response, next),
          (error: unknown) => {
            listener = undefined
            console.error('The demo-request backend could not open its database', error)
            response.writeHead(503, { 'content-type': 'application/json' })
            response.end(
              JSON.stringify({
                success: false,
                error: { code: 'unavailable', message: 'The local database is not available.' },
              }),
            )
          },
        )
      })
      closeWith(server, () => backend?.close())
    },
  }
}

function closeWith(server: ViteDevServer, close: () => Promise<void> | undefined) {
  server.httpServer?.once('close', () => {
    close()?.catch((error) => console.error('Closing the demo-request backend', error))
  })
}
