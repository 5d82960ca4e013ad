import { Hono } from 'hono'
import type { FunctionEnv } from '../http/function-env.ts'
import { errorReply } from '../http/json-reply.ts'
import { methodNotAllowed } from '../http/method-not-allowed.ts'
import { Refusal } from '../http/refusal.ts'
import type { ScheduledRun } from './scheduled-run.ts'

/** What the retry endpoint uses. */
export interface NotifyRetryDependencies {
  /** The secret callers send in `x-notify-retry-secret`; `null` keeps the endpoint off. */
  secret: string | null
  /**
   * The backend's jobs (config/backend-jobs.ts): its pruning, housekeeping the endpoint does too, and
   * the scheduled job, which reads back the bookings the webhooks missed before it sends what is
   * due, so what it finds is told to sales in the same run.
   */
  jobs: { run(): Promise<ScheduledRun>; prune(): Promise<unknown> }
  log?: (message: string, error?: unknown) => void
}

/** The header the scheduled job sends the secret in. */
export const retrySecretHeader = 'x-notify-retry-secret'

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))
}

// Comparing digests in full takes the same time wherever the strings differ.
async function sameSecret(given: string, secret: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(given), digest(secret)])
  let difference = 0
  for (let index = 0; index < a.length; index++) difference |= (a[index] ?? 0) ^ (b[index] ?? 0)
  return difference === 0
}

/**
 * `POST …/send-demo-request/retry`: the scheduled job (pg_cron with pg_net on Supabase). Reads
 * back the schedulers' bookings, then sends every notification still due. Answers
 * `{ success, sent, failed, bookings }` once the run is over, `bookings` being what the
 * reconciliation read (`{ read, notices, failed }`, failed naming the schedulers to look at),
 * when a scheduler's API is set.
 */
export function notifyRetryRoutes(deps: NotifyRetryDependencies): Hono<FunctionEnv> {
  const log = deps.log ?? console.error
  const app = new Hono<FunctionEnv>()
  // Whatever is sent is never read; off, the endpoint is not there for any method.
  app.use('/', async (c, next) => {
    await c.req.raw.body?.cancel()
    if (deps.secret === null) {
      throw new Refusal(404, 'not_found', 'Retries are not enabled here.')
    }
    await next()
  })
  app.post('/', async (c) => {
    const secret = deps.secret ?? ''
    if (!(await sameSecret(c.req.header(retrySecretHeader) ?? '', secret))) {
      return errorReply(401, { code: 'unauthorized', message: `Send ${retrySecretHeader}.` })
    }
    // Off the request path, and never a reason for the retries not to run.
    await deps.jobs.prune().catch((error) => log('Pruning failed', error))
    try {
      // `bookings` is left out of the reply where no scheduler's API is set.
      const run = await deps.jobs.run()
      return new Response(JSON.stringify({ success: true, ...run }), {
        headers: { 'content-type': 'application/json; charset=utf-8' },
      })
    } catch (error) {
      log('The notification retry failed', error)
      return errorReply(503, { code: 'unavailable', message: 'Retry later.' })
    }
  })
  app.all('/', methodNotAllowed('POST', 'Start retries with POST.'))
  return app
}
