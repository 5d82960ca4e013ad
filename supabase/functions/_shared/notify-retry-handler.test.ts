import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  type EmailApiStandIn,
  startEmailApiStandIn,
} from '../../../tests/support/email-api-stand-in.ts'
import { sampleNewDemoRequest as lead } from '../../../tests/support/sample-lead.ts'
import { openTestPglite, type TestDatabase } from '../../../tests/support/test-database.ts'
import { createConfiguredHandler } from './configured-handler.ts'
import { readFunctionConfig } from './function-config.ts'
import { isRetryPath, retrySecretHeader } from './notify-retry-handler.ts'
import { windowStart } from './rate-limit.ts'
import { createSqlDemoRequestStore } from './sql-demo-request-store.ts'
import { createSqlNotificationStore } from './sql-notification-store.ts'
import { createSqlProofStore } from './sql-proof-store.ts'

const secret = 'a-long-enough-retry-secret'
const retryUrl = 'http://localhost:3000/functions/v1/send-demo-request/retry'

let test: TestDatabase
let email: EmailApiStandIn
beforeAll(async () => {
  ;[test, email] = await Promise.all([openTestPglite(), startEmailApiStandIn()])
}, 60_000)
afterAll(() => Promise.all([test?.close(), email?.close()]))
beforeEach(async () => {
  email.reset()
  await test.reset()
})

// The function exactly as the settings build it, on PGlite.
function configured(vars: Record<string, string> = {}) {
  const config = readFunctionConfig(
    (name) =>
      ({
        RESEND_API_KEY: 're_test',
        NOTIFY_EMAIL_TO: 'sales@example.com',
        RESEND_API_URL: email.url,
        NOTIFY_RETRY_SECRET: secret,
        ...vars,
      })[name],
  )
  return createConfiguredHandler(config, {
    store: createSqlDemoRequestStore(test.db),
    notifications: createSqlNotificationStore(test.db),
    proofs: createSqlProofStore(test.db),
  })
}

const retry = (headers: Record<string, string> = { [retrySecretHeader]: secret }, init = {}) =>
  new Request(retryUrl, { method: 'POST', headers, ...init })

describe('the retry endpoint', () => {
  it('sends what is due and answers with the counts', async () => {
    const { id } = await createSqlDemoRequestStore(test.db).insert(lead)
    const response = await configured()(retry())
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ success: true, sent: 1, failed: 0 })
    expect(email.delivered.map((request) => request.headers['idempotency-key'])).toEqual([
      `demo-request-${id}`,
    ])
    // Nothing is due any more.
    expect(await (await configured()(retry())).json()).toEqual({
      success: true,
      sent: 0,
      failed: 0,
    })
  })

  it('removes the rate-limit windows that are over, and keeps the current one', async () => {
    const store = createSqlDemoRequestStore(test.db)
    const limit = { clientKey: 'a'.repeat(64), clientMax: 5, globalMax: 5 }
    await store.accept(lead, { ...limit, windowStart: new Date('2020-01-01T00:00:00Z') })
    // Year-long windows, so the current one cannot end while the test runs.
    const year = 365 * 24 * 3600
    const current = windowStart(new Date(), year)
    await store.accept(lead, { ...limit, windowStart: current })
    const run = configured({ RATE_LIMIT_WINDOW_SECONDS: String(year) })
    expect((await run(retry())).status).toBe(200)
    const windows = await test.db.query('select window_start from public.demo_request_rate_limits')
    expect(windows).toEqual([{ window_start: current }])
  })

  it('counts what failed, which stays due', async () => {
    await createSqlDemoRequestStore(test.db).insert(lead)
    email.mode = 'fail'
    expect(await (await configured()(retry())).json()).toMatchObject({ sent: 0, failed: 1 })
  })

  it('refuses a missing or wrong secret and sends nothing', async () => {
    await createSqlDemoRequestStore(test.db).insert(lead)
    const wrong: Record<string, string>[] = [{}, { [retrySecretHeader]: `${secret}x` }]
    for (const headers of wrong) {
      const response = await configured()(retry(headers))
      expect(response.status).toBe(401)
      expect(await response.json()).toMatchObject({ error: { code: 'unauthorized' } })
    }
    expect(email.received).toEqual([])
  })

  it('is off without NOTIFY_RETRY_SECRET, and takes only POST', async () => {
    expect((await configured({ NOTIFY_RETRY_SECRET: '' })(retry())).status).toBe(404)
    const get = await configured()(
      new Request(retryUrl, { headers: { [retrySecretHeader]: secret } }),
    )
    expect(get.status).toBe(405)
  })
})

describe('isRetryPath', () => {
  it('knows the endpoint on Supabase, locally and under plain Deno', () => {
    expect(isRetryPath('https://ref.supabase.co/send-demo-request/retry')).toBe(true)
    expect(isRetryPath(retryUrl)).toBe(true)
    expect(isRetryPath('http://127.0.0.1:8000/retry/')).toBe(true)
    expect(isRetryPath('http://localhost:3000/functions/v1/send-demo-request')).toBe(false)
    expect(isRetryPath('http://localhost:3000/functions/v1/send-demo-request?retry')).toBe(false)
  })
})
