import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startChatWebhookStandIn } from '../../../../tests/support/chat-webhook-stand-in.ts'
import {
  type EmailApiStandIn,
  startEmailApiStandIn,
} from '../../../../tests/support/email-api-stand-in.ts'
import { insertLead } from '../../../../tests/support/insert-lead.ts'
import { sampleNewDemoRequest as lead } from '../../../../tests/support/sample-lead.ts'
import { openTestPglite, type TestDatabase } from '../../../../tests/support/test-database.ts'
import { windowStart } from '../abuse/rate-limit.ts'
import { createConfiguredHandler } from '../config/configured-handler.ts'
import { readFunctionConfig } from '../config/function-config.ts'
import { createSqlStores } from '../config/sql-stores.ts'
import { createSqlLeadStore } from '../lead/sql-lead-store.ts'
import { retrySecretHeader } from './notify-retry-handler.ts'

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
function configured(vars: Record<string, string> = {}, now?: () => Date) {
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
  return createConfiguredHandler(config, createSqlStores(test.db), { now })
}

const retry = (headers: Record<string, string> = { [retrySecretHeader]: secret }, init = {}) =>
  new Request(retryUrl, { method: 'POST', headers, ...init })

describe('the retry endpoint', () => {
  it('sends what is due and answers with the counts', async () => {
    const { id } = await insertLead(test.db, lead)
    const response = await configured()(retry())
    expect(response.status).toBe(200)
    // With the email API set, the run looks for quiet pages too: none.
    expect(await response.json()).toEqual({
      success: true,
      sent: 1,
      failed: 0,
      quietPages: { sent: 0, failed: 0 },
    })
    expect(email.delivered.map((request) => request.headers['idempotency-key'])).toEqual([
      `demo-request-${id}`,
    ])
    // Nothing is due any more.
    expect(await (await configured()(retry())).json()).toEqual({
      success: true,
      sent: 0,
      failed: 0,
      quietPages: { sent: 0, failed: 0 },
    })
  })

  it('removes the rate-limit windows that are over, and digests past their week', async () => {
    const clock = new Date('2026-03-01T10:03:00Z')
    const store = createSqlLeadStore(test.db)
    const limit = { clientKey: 'a'.repeat(64), clientMax: 5, globalMax: 5 }
    const current = windowStart(clock, 600)
    await store.accept(lead, { ...limit, windowStart: new Date('2026-03-01T09:50:00Z') })
    await store.accept(lead, { ...limit, windowStart: current })
    const daysAgo = (days: number) => new Date(current.getTime() - days * 24 * 3600 * 1000)
    for (const heldUntil of [daysAgo(9), daysAgo(7)]) {
      await test.db.query(
        `insert into public.demo_request_digests (held_until, channel) values ($1, 'email')`,
        [heldUntil],
      )
    }
    const run = configured({ RATE_LIMIT_WINDOW_SECONDS: '600' }, () => clock)
    expect((await run(retry())).status).toBe(200)
    const windows = await test.db.query('select window_start from public.demo_request_rate_limits')
    expect(windows).toEqual([{ window_start: current }])
    const digests = await test.db.query('select held_until from public.demo_request_digests')
    expect(digests).toEqual([{ held_until: daysAgo(7) }])
  })

  it('tells Slack and Teams too when their webhooks are set, with the route and the link', async () => {
    const [slack, teams] = await Promise.all([
      startChatWebhookStandIn('slack'),
      startChatWebhookStandIn('teams'),
    ])
    try {
      const { id } = await insertLead(test.db, { ...lead, routeRule: 1 })
      const run = configured({
        SLACK_WEBHOOK_URL: slack.url,
        TEAMS_WEBHOOK_URL: teams.url,
        CONSOLE_URL: 'https://firm.example/console',
        DEMO_REQUEST_ROUTES: '[{"book":"https://cal.com/firm/demo"}]',
      })
      // With the email API and CONSOLE_URL set, the run sends the staff's reports too: none due.
      expect(await (await run(retry())).json()).toEqual({
        success: true,
        sent: 3,
        failed: 0,
        quietPages: { sent: 0, failed: 0 },
        reports: { sent: 0, failed: 0 },
      })
      for (const chat of [slack, teams]) {
        expect(chat.delivered).toHaveLength(1)
        expect(chat.delivered[0]?.raw).toContain('rule 1: shown the Cal.com booking page')
        expect(chat.delivered[0]?.raw).toContain(`lead=${id}`)
      }
    } finally {
      await Promise.all([slack.close(), teams.close()])
    }
  })

  it('counts what failed, which stays due', async () => {
    await insertLead(test.db, lead)
    email.mode = 'fail'
    expect(await (await configured()(retry())).json()).toMatchObject({ sent: 0, failed: 1 })
  })

  it('refuses a missing or wrong secret and sends nothing', async () => {
    await insertLead(test.db, lead)
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
