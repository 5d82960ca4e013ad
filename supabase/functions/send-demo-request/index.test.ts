import { Webhook } from 'standardwebhooks'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { calWebhookBody, signCalWebhook } from '../../../tests/support/booking-webhooks.ts'
import {
  functionConfig,
  functionEntry,
  runDeno,
  startDenoEntry,
} from '../../../tests/support/deno-function.ts'
import {
  type EmailApiStandIn,
  startEmailApiStandIn,
} from '../../../tests/support/email-api-stand-in.ts'
import { sampleLead, sampleSubmission } from '../../../tests/support/sample-lead.ts'
import { solveProof } from '../../../tests/support/solve-proof.ts'
import type { ServerProcess } from '../../../tests/support/start-server-process.ts'
import {
  openTestPostgres,
  postgresBin,
  type TestDatabase,
} from '../../../tests/support/test-database.ts'
import { waitUntil } from '../../../tests/support/wait-until.ts'

// The real entry file under the real Deno, as Supabase would run it.

describe('the Deno entry', () => {
  it('passes deno check', async () => {
    // Type errors make deno exit non-zero, which rejects with its output; cached checks print nothing.
    await expect(
      runDeno(['check', '--config', functionConfig, functionEntry]),
    ).resolves.toBeDefined()
  }, 120_000)
})

describe('the Deno entry given an invalid setting', () => {
  let deno: ServerProcess
  const origin = 'https://partner.example'

  beforeAll(async () => {
    deno = await startDenoEntry(
      {
        SUPABASE_PUBLISHABLE_KEYS: 'sb_publishable_not_json',
      },
      { method: 'OPTIONS', headers: { origin } },
    )
  }, 120_000)
  afterAll(() => deno?.stop())

  it('says in one line which setting is wrong and how', () => {
    const lines = deno.output().split('\n')
    expect(lines.filter((line) => line.includes('SUPABASE_PUBLISHABLE_KEYS'))).toEqual([
      'send-demo-request: SUPABASE_PUBLISHABLE_KEYS must be a JSON object of named keys, like {"default":"sb_publishable_…"}. Every request gets 503 until it is fixed.',
    ])
    expect(deno.output()).not.toContain('Unexpected failure')
  })

  it('lets the preflight pass and answers the post with a 503 the widget can read', async () => {
    const preflight = await fetch(deno.url, { method: 'OPTIONS', headers: { origin } })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin)
    const response = await fetch(deno.url, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify(sampleSubmission),
    })
    expect(response.status).toBe(503)
    expect(response.headers.get('access-control-allow-origin')).toBe(origin)
    expect(await response.json()).toMatchObject({
      success: false,
      error: { code: 'misconfigured' },
    })
  })
})

describe('the Deno entry given routes that are not a list', () => {
  let deno: ServerProcess

  beforeAll(async () => {
    deno = await startDenoEntry(
      { DEMO_REQUEST_ROUTES: '{"book":"https://cal.com/acme"}' },
      {
        method: 'OPTIONS',
      },
    )
  }, 120_000)
  afterAll(() => deno?.stop())

  it('names DEMO_REQUEST_ROUTES in one line and answers 503, the booking webhooks too', async () => {
    const lines = deno.output().split('\n')
    expect(lines.filter((line) => line.includes('DEMO_REQUEST_ROUTES'))).toEqual([
      'send-demo-request: DEMO_REQUEST_ROUTES: must be a JSON list of rules. Every request gets 503 until it is fixed.',
    ])
    for (const path of ['', '/booking/cal']) {
      const response = await fetch(`${deno.url}${path}`, { method: 'POST', body: '{}' })
      expect(response.status).toBe(503)
      await response.body?.cancel()
    }
  })
})

describe.skipIf(postgresBin === null)('the Deno entry served by Deno', () => {
  let database: TestDatabase
  let emailApi: EmailApiStandIn
  let deno: ServerProcess
  const origin = 'https://partner.example'
  const webhookSecret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
  const retrySecret = 'a-long-enough-retry-secret'
  const publishableKey = 'sb_publishable_entry_test'
  const calSecret = 'cal-webhook-secret'

  beforeAll(async () => {
    ;[database, emailApi] = await Promise.all([
      openTestPostgres({ ownServer: true }),
      startEmailApiStandIn(),
    ])
    deno = await startDenoEntry(
      {
        SUPABASE_DB_URL: database.cluster?.url,
        SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: publishableKey }),
        ALLOWED_ORIGINS: origin,
        RESEND_API_KEY: 're_test',
        NOTIFY_EMAIL_TO: 'sales@example.com',
        RESEND_API_URL: emailApi.url,
        NOTIFY_WEBHOOK_URL: emailApi.webhookUrl,
        NOTIFY_WEBHOOK_SECRET: webhookSecret,
        NOTIFY_RETRY_SECRET: retrySecret,
        // Cheap proofs of work: every lead below carries one solved, as the widget's does.
        POW_MIN_BITS: '4',
        POW_MAX_BITS: '8',
        // A day, so no test's requests straddle two windows (a ten-minute one ends every
        // ten minutes, resetting the counts a test expects).
        RATE_LIMIT_WINDOW_SECONDS: '86400',
        // The sample lead (6-50 employees) matches no rule: every other test sees today's reply.
        DEMO_REQUEST_ROUTES: JSON.stringify([
          { when: { companySize: ['200+ employees'] }, book: 'https://cal.com/acme/demo' },
        ]),
        CAL_WEBHOOK_SECRET: calSecret,
        SALES_TIME_ZONE: 'America/Chicago',
      },
      { method: 'OPTIONS' },
    )
  }, 120_000)

  afterAll(async () => {
    await Promise.all([deno?.stop(), database?.close(), emailApi?.close()])
  })
  afterEach(() => emailApi?.reset())

  // Every test starts with no leads and no rate-limit hits.
  beforeEach(() => database.reset())

  // A solved challenge, or none when the function hands out none (its database is down).
  const proof = async () => {
    const response = await fetch(deno.url, { headers: { origin, apikey: publishableKey } })
    return response.ok ? solveProof((await response.json()).challenge) : null
  }

  const post = async (
    headers: Record<string, string> = {},
    apikey: string | null = publishableKey,
    solved: string | null = null,
  ) => {
    const pow = solved ?? (await proof())
    return fetch(deno.url, {
      method: 'POST',
      headers: {
        ...headers,
        origin,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
        ...(apikey !== null && { apikey }),
        ...(pow !== null && { 'proof-of-work': pow }),
      },
      body: JSON.stringify(sampleSubmission),
    })
  }

  const statusOf = async (id: string) =>
    (
      await database.db.query<{ notification_status: string }>(
        'select notification_status from public.demo_requests where id = $1',
        [id],
      )
    )[0]?.notification_status

  it('stores a posted lead in Postgres as service_role, then emails and posts a signed webhook', async () => {
    const response = await post()
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe(origin)
    const { requestId } = await response.json()
    const rows = await database.db.query<{ first_name: string }>(
      'select first_name from public.demo_requests where id = $1',
      [requestId],
    )
    expect(rows).toEqual([{ first_name: sampleLead.firstName }])
    await waitUntil(async () => (await statusOf(requestId)) === 'sent', { timeoutMs: 10_000 })
    const email = emailApi.delivered.find((request) => request.path === '/emails')
    expect(email?.body.html).toContain('Lovelace &amp; Babbage LLP')
    // standardwebhooks signed it under Deno; the same package verifies it under Node.
    const hook = emailApi.delivered.find((request) => request.path === '/webhook')
    const headers = Object.fromEntries(
      Object.entries(hook?.headers ?? {}).map(([name, value]) => [name, String(value)]),
    )
    expect(new Webhook(webhookSecret).verify(hook?.raw ?? '', headers)).toMatchObject({
      data: { id: requestId, companyName: sampleLead.companyName },
    })
    expect(emailApi.delivered).toHaveLength(2)
  })

  it('replies while the email API has not answered, and notifies after the reply', async () => {
    // Both APIs take the request and hold their answers until released.
    emailApi.script('late', 'late')
    const response = await post()
    expect(response.status).toBe(200)
    const { requestId } = await response.json()
    await emailApi.waitForRequests(2)
    expect(await statusOf(requestId)).toBe('pending')
    emailApi.releaseLate()
    await waitUntil(async () => (await statusOf(requestId)) === 'sent', { timeoutMs: 10_000 })
  })

  it('sends what is due when the scheduled job calls /retry with the secret', async () => {
    const [lead] = await database.db.query<{ id: string }>(
      `insert into public.demo_requests (first_name, last_name, company_name, company_size)
       values ('Grace', 'Hopper', 'Navy', '200+ employees') returning id`,
    )
    const retry = (secret: string) =>
      fetch(`${deno.url}/retry`, { method: 'POST', headers: { 'x-notify-retry-secret': secret } })
    expect((await retry('wrong-secret-wrong-secret')).status).toBe(401)
    const response = await retry(retrySecret)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      success: true,
      sent: 2,
      failed: 0,
      quietPages: { sent: 0, failed: 0 },
    })
    expect(await statusOf(lead?.id ?? '')).toBe('sent')
  })

  it('sends one digest per channel for a window of held leads when /retry runs after it', async () => {
    // Three leads held beyond the global limit in a window that ended a minute ago.
    await database.db.query(
      `insert into public.demo_requests
         (first_name, last_name, company_name, company_size, notification_status, held_until)
       select 'Held', n::text, 'Flood Inc', '1-5 employees', 'held',
         date_trunc('second', now()) - interval '1 minute'
       from generate_series(1, 3) n`,
    )
    const retry = () =>
      fetch(`${deno.url}/retry`, {
        method: 'POST',
        headers: { 'x-notify-retry-secret': retrySecret },
      }).then((response) => response.json())
    expect(await retry()).toEqual({
      success: true,
      sent: 2,
      failed: 0,
      quietPages: { sent: 0, failed: 0 },
    })
    expect(await retry()).toEqual({
      success: true,
      sent: 0,
      failed: 0,
      quietPages: { sent: 0, failed: 0 },
    })
    const [email, hook] = ['/emails', '/webhook'].map((path) =>
      emailApi.delivered.filter((request) => request.path === path),
    )
    expect(email?.map((request) => request.body.subject)).toEqual([
      expect.stringMatching(/^Demo requests: 3 demo requests held back in a rush that ended /),
    ])
    expect(hook?.map((request) => JSON.parse(request.raw).type)).toEqual([
      'demo_request.held_digest',
    ])
  })

  it('routes a lead to its booking page, and books it on a signed Cal.com webhook', async () => {
    const pow = await proof()
    const response = await fetch(deno.url, {
      method: 'POST',
      headers: {
        origin,
        apikey: publishableKey,
        'content-type': 'application/json',
        ...(pow !== null && { 'proof-of-work': pow }),
      },
      body: JSON.stringify({ ...sampleSubmission, companySize: '200+ employees' }),
    })
    const { requestId, next } = await response.json()
    expect(next).toMatchObject({ kind: 'book', provider: 'cal' })
    expect(new URL(next.url).searchParams.get('metadata[demoRequestId]')).toBe(requestId)

    const body = calWebhookBody({
      trigger: 'BOOKING_CREATED',
      uid: 'bk-deno',
      requestId,
      startTime: '2026-12-01T15:00:00.000Z',
      createdAt: '2026-11-26T10:00:00.000Z',
    })
    const deliver = (signature: string) =>
      fetch(`${deno.url}/booking/cal`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-cal-signature-256': signature },
        body,
      })
    expect((await deliver(signCalWebhook(body, 'wrong-secret'))).status).toBe(401)
    expect((await deliver(signCalWebhook(body, calSecret))).status).toBe(200)
    const [lead] = await database.db.query<{ booking_state: string; route_rule: number }>(
      'select booking_state, route_rule from public.demo_requests where id = $1',
      [requestId],
    )
    expect(lead).toEqual({ booking_state: 'booked', route_rule: 1 })
    await waitUntil(
      () =>
        emailApi.delivered.some(
          (request) =>
            request.body.subject ===
            `${sampleLead.firstName} ${sampleLead.lastName} booked a demo for Tue 1 Dec, 09:00 (America/Chicago)`,
        ),
      { timeoutMs: 10_000 },
    )
  })

  it('limits a client that forges a new address header on every request', async () => {
    const forged = (n: number) => ({
      'cf-connecting-ip': `198.51.100.${n}`,
      'x-real-ip': `198.51.100.${n}`,
      'x-forwarded-for': `198.51.100.${n}`,
    })
    const statuses: number[] = []
    for (let n = 1; n <= 8; n++) statuses.push((await post(forged(n))).status)
    // Five per window, as the default says, however the headers rotate.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429])
  })

  it('refuses leads without a proof of work or with a spent one: nothing stored, nobody told', async () => {
    const bare = await fetch(deno.url, {
      method: 'POST',
      headers: { origin, apikey: publishableKey, 'content-type': 'application/json' },
      body: JSON.stringify(sampleSubmission),
    })
    expect(bare.status).toBe(403)
    expect(bare.headers.get('access-control-allow-origin')).toBe(origin)
    expect((await bare.json()).error.code).toBe('proof_of_work_invalid')
    const solved = await proof()
    expect((await post({}, publishableKey, solved)).status).toBe(200)
    const replay = await post({}, publishableKey, solved)
    expect(replay.status).toBe(403)
    const [count] = await database.db.query<{ n: number }>(
      'select count(*)::int as n from public.demo_requests',
    )
    expect(count?.n).toBe(1)
  })

  it("refuses a call without the project's key", async () => {
    const response = await post({}, null)
    expect(response.status).toBe(401)
    expect(response.headers.get('access-control-allow-origin')).toBe(origin)
  })

  it('answers 503 while the database is down and recovers without a restart', async () => {
    // Solved while the database is up: whether a challenge is handed out during the outage
    // depends on a cache of a second, and a post without a proof is refused (403) before any
    // query. A proof the function must spend reaches the database every time.
    const solved = await proof()
    expect(solved).not.toBeNull()
    await database.cluster?.stop()
    const down = await post({}, publishableKey, solved)
    expect(down.status).toBe(503)
    const body = await down.json()
    expect(body.error.code).toBe('unavailable')
    expect(JSON.stringify(body)).not.toMatch(/ECONN|postgres|5432|select/i)
    await database.cluster?.start()
    const up = await post()
    expect(up.status).toBe(200)
  }, 60_000)
})
