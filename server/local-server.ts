import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { Hono } from 'hono'
import type { NodeHttp1Handler, ServerRequest } from 'srvx'
import { toNodeHandler } from 'srvx/node'
import {
  type ConsoleHandlerOptions,
  createConfiguredConsoleHandler,
} from '#shared/config/configured-console.ts'
import { createBackend } from '#shared/config/configured-handler.ts'
import { retentionIntervalMs } from '#shared/config/retention.ts'
import { type AuthAdmin, createAuthAdmin } from '#shared/console/people/auth-admin.ts'
import { createTokenVerifier } from '#shared/console/sign-in/verify-token.ts'
import { trackPendingWork } from '#shared/http/after-reply.ts'
import { type BackendConfig, localOrigin, readBackendConfig } from './config.ts'
import { openDatabase } from './database.ts'
import { answerWithFastResponses } from './fast-responses.ts'
import { consoleFetch, consolePath, functionFetch, functionPath } from './function-route.ts'
import { authPath } from './local-auth/auth-routes.ts'
import { serveLocalAuth } from './local-auth/serve-local-auth.ts'
import { answerCommands } from './local-commands.ts'
import { startNotifyRetryLoop } from './notify-retry-loop.ts'
import { ownHost, refusedHost } from './own-host.ts'
import { bookingFrameOrigins, withPageHeaders } from './page-headers.ts'
import { createStaticFiles } from './static-files.ts'

/** How the local server checks staff tokens and reaches Auth, beyond the settings. */
export interface LocalServerOptions extends Pick<ConsoleHandlerOptions, 'authAdmin'> {
  /**
   * The secret the local Supabase Auth signs its tokens with (HS256), in place of
   * AUTH_JWT_SECRET: the console's function checks tokens with it.
   */
  authJwtSecret?: string
}

/**
 * Serves the product on one origin: the site, the widget files, the function and the console's
 * function, on the database the configuration names, and every `notifyRetrySeconds` reads the
 * schedulers' bookings back and sends due notifications. `overrides` lets tests pick ports and
 * folders.
 */
export async function startLocalServer(
  overrides: Partial<BackendConfig> = {},
  options: LocalServerOptions = {},
) {
  answerWithFastResponses()
  const config = { ...readBackendConfig(), ...overrides }
  const database = await openDatabase(config)
  answerCommands(database, config)
  // Notifications run after the reply; closing waits for them, and so can tests.
  const pending = trackPendingWork()
  const backend = createBackend(config, database, { afterReply: pending.afterReply })
  const serveFunction = functionFetch(backend.handler)
  // Sign-in for the console: Supabase Auth's API at /auth/v1/, as on a Supabase project's URL.
  let url = ''
  const localAuth = await serveLocalAuth(database.db, () => url, config.localOwnerEmail).catch(
    async (error) => {
      await database.close()
      throw error
    },
  )
  // The console checks tokens with the local auth's secret and invites through its admin API,
  // as a project's function does with its JWT secret and Auth; tests may pass their own.
  const serviceRoleKey = localAuth.auth.serviceRoleKey
  const localAdmin: AuthAdmin = {
    // The server's own address is known once it listens, and these calls come after.
    invite: (email, redirectTo) => createAuthAdmin(url, serviceRoleKey).invite(email, redirectTo),
    removeUser: (userId) => createAuthAdmin(url, serviceRoleKey).removeUser(userId),
  }
  const serveConsole = consoleFetch(
    createConfiguredConsoleHandler(config, database.db, {
      verify: createTokenVerifier({
        ...config.auth,
        jwtSecret: options.authJwtSecret ?? localAuth.auth.jwtSecret,
      }),
      authAdmin: options.authAdmin === undefined ? localAdmin : options.authAdmin,
    }),
  )
  const serveFiles = withPageHeaders(
    createStaticFiles(config.distDir),
    join(config.distDir, 'site'),
    bookingFrameOrigins(config.routes),
  )
  // Known once it listens, before any request comes.
  let host = ownHost(config.host, config.port, config.allowedHosts)
  // One origin, as a Supabase project's: Auth, the functions, and the site for the rest. srvx's
  // request reaches each as it came (its socket address, its Node request).
  const request = (c: { req: { raw: Request } }) => c.req.raw as ServerRequest
  const routes = new Hono()
    // A page that pointed a name of its own here (DNS rebinding) reads nothing.
    .use(async (c, next) => {
      const asked = c.req.header('host')
      if (!host.test(asked)) return refusedHost(host.names, asked)
      await next()
    })
    // `/auth/v1/` and below; `/auth/v1` itself is no Auth route, and falls to the site.
    .all(`${authPath}*`, (c, next) =>
      c.req.path.startsWith(authPath) ? localAuth.fetch(request(c)) : next(),
    )
    .all(`${functionPath}/*`, (c) => serveFunction(request(c)))
    .all(`${consolePath}/*`, (c) => serveConsole(request(c)))
    .all('*', (c) => serveFiles(request(c)))
  const server = createServer(toNodeHandler(routes.fetch) as NodeHttp1Handler)
  // Longer than any client keeps an idle connection (undici: 4 s), so a client never sends a
  // request on a connection the server is closing at that moment.
  server.keepAliveTimeout = 65_000
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(config.port, config.host, () => resolve())
    })
  } catch (error) {
    await database.close()
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(`Port ${config.port} is in use: set PORT to another port (or 0 for any).`)
    }
    throw error
  }
  const { port } = server.address() as AddressInfo
  host = ownHost(config.host, port, config.allowedHosts)
  url = localOrigin(config.host, port)
  // Links made for other processes' commands (npm run console:link) name the port bound here.
  config.port = port
  const { jobs } = backend
  // The scheduled job's run, as the deployed retry endpoint does it.
  const run = async () => {
    const { bookings, sent, failed } = await jobs.run()
    if (bookings && (bookings.notices > 0 || bookings.failed.length > 0)) {
      console.error(`Bookings read back: ${bookings.read}, ${bookings.notices} change(s) for sales`)
    }
    return { sent, failed }
  }
  const retries =
    config.notifyRetrySeconds && (jobs.channels.length > 0 || jobs.readsBack)
      ? startNotifyRetryLoop({ retryDue: run, intervalMs: config.notifyRetrySeconds * 1000 })
      : null
  // Retention runs by itself here too, even while nobody sends anything (docs/analytics.md).
  const pruning = setInterval(
    () => pending.afterReply(jobs.prune().catch((error) => console.error('Pruning failed', error))),
    retentionIntervalMs,
  )
  pruning.unref()
  return {
    url,
    leads: database.leads,
    abuse: database.abuse,
    config,
    /** Where the data lives, for people. */
    description: database.description,
    /** The Host names it answers to, for people; any other is refused (own-host.ts). */
    hosts: host.names,
    /** Resolves once the notifications started after replies so far have settled. */
    notificationsSettled: pending.settled,
    /** The secret the local auth signs access tokens with (HS256), as a project's JWT secret. */
    authJwtSecret: localAuth.auth.jwtSecret,
    /** A `service_role` key under that secret, for supabase-js's admin calls to /auth/v1/. */
    authServiceRoleKey: localAuth.auth.serviceRoleKey,
    /** What the local auth printed for people: sign-in links and invitations, oldest first. */
    authMail: localAuth.auth.mailer.sent,
    /** A fresh one-time link to /console for the local owner (LOCAL_OWNER_EMAIL). */
    consoleLink: localAuth.ownerLink,
    async close() {
      clearInterval(pruning)
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await retries?.stop()
      await pending.settled()
      await database.close()
    },
  }
}

/** A running local backend. */
export type LocalServer = Awaited<ReturnType<typeof startLocalServer>>
