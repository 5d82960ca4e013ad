import type { NodeHttp1Handler } from 'srvx'
import type { Plugin } from 'vite'
import { createBackend } from '#shared/config/configured-handler.ts'
import { errorReply } from '#shared/http/json-reply.ts'
import { type BackendConfig, readBackendConfig } from './config.ts'
import { openDatabase } from './database.ts'
import { functionListener, isFunctionPath } from './function-route.ts'
import { answerCommands } from './local-commands.ts'

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
      // Opened on the first call, not with the server: Vitest and Storybook start Vite servers
      // too, and must not claim the embedded database a running `npm start` holds.
      let backend: Promise<{ serve: NodeHttp1Handler; close(): Promise<void> }> | undefined
      const open = async () => {
        const database = await openDatabase(config)
        answerCommands(database, config)
        return {
          serve: functionListener(createBackend(config, database).handler),
          close: database.close,
        }
      }
      const unavailable = functionListener(async () =>
        errorReply(503, { code: 'unavailable', message: 'The local database is not available.' }),
      )

      server.middlewares.use(async (request, response, next) => {
        if (!isFunctionPath(request.url)) return next()
        backend ??= open()
        try {
          await (await backend).serve(request, response)
        } catch (error) {
          backend = undefined
          console.error('The demo-request backend could not open its database', error)
          await unavailable(request, response)
        }
      })
      server.httpServer?.once('close', () => {
        backend
          ?.then((opened) => opened.close())
          .catch((error) => console.error('Closing the demo-request backend', error))
      })
    },
  }
}
