import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  denoBin,
  functionConfig,
  functionEntry,
  repoRoot,
} from '../../../tests/support/deno-function.ts'
import {
  type EmailApiStandIn,
  startEmailApiStandIn,
} from '../../../tests/support/email-api-stand-in.ts'
import { freePort } from '../../../tests/support/free-port.ts'
import { sampleLead, sampleSubmission } from '../../../tests/support/sample-lead.ts'
import {
  type ServerProcess,
  startServerProcess,
} from '../../../tests/support/start-server-process.ts'
import {
  openTestPostgres,
  postgresBin,
  type TestDatabase,
} from '../../../tests/support/test-database.ts'

// The real entry file under the real Deno, as Supabase would run it.
const run = promisify(execFile)

describe('the Deno entry', () => {
  it('passes deno check', async () => {
    // Type errors make deno exit non-zero, which rejects with its output; cached checks print nothing.
    await expect(
      run(denoBin, ['check', '--config', functionConfig, functionEntry], { cwd: repoRoot }),
    ).resolves.toBeDefined()
  }, 120_000)
})

describe.skipIf(postgresBin === null)('the Deno entry served by Deno', () => {
  let database: TestDatabase
  let emailApi: EmailApiStandIn
  let deno: ServerProcess
  const origin = 'https://partner.example'
  const publishableKey = 'sb_publishable_entry_test'

  beforeAll(async () => {
    ;[database, emailApi] = await Promise.all([openTestPostgres(), startEmailApiStandIn()])
    const port = await freePort()
    deno = await startServerProcess({
      command: denoBin,
      args: [
        'run',
        '--allow-net',
        '--allow-env',
        '--allow-read',
        '--allow-sys',
        '--config',
        functionConfig,
        functionEntry,
      ],
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DENO_DIR: process.env.DENO_DIR,
        PORT: String(port),
        SUPABASE_DB_URL: database.cluster?.url,
        SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: publishableKey }),
        ALLOWED_ORIGINS: origin,
        RESEND_API_KEY: 're_test',
        NOTIFY_EMAIL_TO: 'sales@example.com',
        RESEND_API_URL: emailApi.url,
      },
      url: `http://127.0.0.1:${port}`,
      init: { method: 'OPTIONS' },
      timeoutMs: 90_000,
    })
  }, 120_000)

  afterAll(async () => {
    await Promise.all([deno?.stop(), database?.close(), emailApi?.close()])
  })

  const post = (apikey: string | null = publishableKey) =>
    fetch(deno.url, {
      method: 'POST',
      headers: {
        origin,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
        ...(apikey !== null && { apikey }),
      },
      body: JSON.stringify(sampleSubmission),
    })

  it('stores a posted lead in Postgres as service_role and emails sales', async () => {
    const response = await post()
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe(origin)
    const { requestId } = await response.json()
    const rows = await database.db.query<{ first_name: string; notification_status: string }>(
      'select first_name, notification_status from public.demo_requests where id = $1',
      [requestId],
    )
    expect(rows).toEqual([{ first_name: sampleLead.firstName, notification_status: 'sent' }])
    expect(emailApi.received).toHaveLength(1)
    expect(emailApi.received[0]?.body.html).toContain('Lovelace &amp; Babbage LLP')
  })

  it("refuses a call without the project's key", async () => {
    const response = await post(null)
    expect(response.status).toBe(401)
    expect(response.headers.get('access-control-allow-origin')).toBe(origin)
  })

  it('answers 503 while the database is down and recovers without a restart', async () => {
    await database.cluster?.stop()
    const down = await post()
    expect(down.status).toBe(503)
    const body = await down.json()
    expect(body.error.code).toBe('unavailable')
    expect(JSON.stringify(body)).not.toMatch(/ECONN|postgres|5432|select/i)
    await database.cluster?.start()
    const up = await post()
    expect(up.status).toBe(200)
  }, 60_000)
})
