// The real entry files a person runs: `npm start` (without the build), `npm run leads` and
// `npm run notify:retry`, on the embedded database and on DATABASE_URL.
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { readBackendConfig } from '../../server/config.ts'
import { openDatabase } from '../../server/database.ts'
import { type EmailApiStandIn, startEmailApiStandIn } from '../support/email-api-stand-in.ts'
import { freePort } from '../support/free-port.ts'
import { migratedPgliteFolder, newPgliteFolder } from '../support/pglite-folder.ts'
import { sampleContact, sampleNewDemoRequest, sampleSubmission } from '../support/sample-lead.ts'
import { type ServerProcess, startServerProcess } from '../support/start-server-process.ts'
import { openTestPostgres, postgresBin, type TestDatabase } from '../support/test-database.ts'
import { waitUntil } from '../support/wait-until.ts'

const root = new URL('../../', import.meta.url).pathname
const run = promisify(execFile)

let folder: string
let emailApi: EmailApiStandIn
let server: ServerProcess | undefined

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'demo-request-commands-'))
  emailApi = await startEmailApiStandIn()
})
afterEach(async () => {
  await server?.stop()
  server = undefined
  emailApi.reset()
})
afterAll(async () => {
  await emailApi?.close()
  await rm(folder, { recursive: true, force: true })
})

// Only what the commands read, so the developer's shell cannot change the outcome.
function environment(extra: Record<string, string>) {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PGLITE_DATA_DIR: join(folder, 'pglite'),
    // Leads are posted by script here, without the widget's proof of work.
    POW_MAX_BITS: '0',
    ...extra,
  }
}

const command = (file: string, args: string[], env: NodeJS.ProcessEnv) =>
  run(process.execPath, ['--import', 'tsx', file, ...args], { cwd: root, env })

async function startServer(env: NodeJS.ProcessEnv) {
  const port = await freePort()
  server = await startServerProcess({
    command: process.execPath,
    args: ['--import', 'tsx', 'server/start.ts'],
    cwd: root,
    env: { ...env, SKIP_BUILD: '1', PORT: String(port) },
    url: `http://127.0.0.1:${port}`,
  })
  return server
}

const submit = (url: string, firstName: string, language?: string) =>
  fetch(`${url}/functions/v1/send-demo-request`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ ...sampleSubmission, firstName, ...(language && { language }) }),
  })

// A lead stored the way the function stores it, with no server running.
async function storeLead(env: NodeJS.ProcessEnv, firstName: string) {
  const database = await openDatabase(readBackendConfig(env))
  try {
    // Within limits no test reaches: each lead its own client.
    const limit = {
      clientKey: randomBytes(32).toString('hex'),
      windowStart: new Date(),
      clientMax: 1000,
      globalMax: 1000,
    }
    await database.leads.accept({ ...sampleNewDemoRequest, firstName }, limit)
  } finally {
    await database.close()
  }
}

// Each test starts `npm start` or a command as a process of its own, several in a row: under two
// busy workers one took 30 s in a fresh-clone run, so these have twice the project's budget.
// Each folder but the first is a migrated copy: `npm start` on an empty one applies them.
describe('on the embedded database', { timeout: 60_000 }, () => {
  it('npm start takes leads and npm run leads shows them through it', async () => {
    const env = environment({ PGLITE_DATA_DIR: await newPgliteFolder(join(folder, 'served')) })
    const { url, output } = await startServer(env)
    expect(output()).toContain('Demo-request backend on http://localhost:')
    expect(output()).toContain(
      'origins   only its own origin: set ALLOWED_ORIGINS to let partner pages post',
    )
    expect((await submit(url, 'Ada', 'es')).status).toBe(200)

    const table = await command('server/leads.ts', [], env)
    expect(table.stdout).toMatch(/^created_at\s+first_name/)
    expect(table.stdout).toMatch(
      /^created_at\s+first_name.*\ssource\s+language\s+campaign\s+spam\s/,
    )
    expect(table.stdout).toMatch(
      /Ada\s+Lovelace\s+Lovelace & Babbage LLP\s+6-50 employees\s+widget\s+es\s+injury-defense-2026\s+no\s+pending/,
    )
    const csv = await command('server/leads.ts', ['--csv'], env)
    const [header = '', record = ''] = csv.stdout.split('\r\n')
    expect(record.split(',')[header.split(',').indexOf('language')]).toBe('es')
    expect(csv.stdout).toContain(
      'Ada,Lovelace,Lovelace & Babbage LLP,6-50 employees,widget,es,injury-defense-2026,no,pending',
    )
    // The five utm fields, then page_url and referrer, in the catalogue's order.
    expect(csv.stdout).toContain(
      ',injury-defense-2026,newsletter,email,,,https://partner.example/contact,,',
    )

    // Without email settings the retry command says so and fails.
    await expect(command('server/notify-retry.ts', [], env)).rejects.toMatchObject({
      stderr: expect.stringContaining('RESEND_API_KEY'),
    })
    // A second server on the same folder stops with one line, no stack trace.
    const second = await command('server/start.ts', [], {
      ...env,
      SKIP_BUILD: '1',
      PORT: '0',
    }).then(
      () => null,
      (error) => error,
    )
    expect(second.stderr.trim()).toMatch(/served is open in another process/)
    expect(second.stderr.trim().split('\n')).toHaveLength(1)
  })

  it('npm start stops at a bad setting with one line that names it', async () => {
    const env = environment({ SKIP_BUILD: '1', PORT: '0', SUPABASE_PUBLISHABLE_KEYS: 'not-json' })
    const failed = await command('server/start.ts', [], env).then(
      () => null,
      (error) => error,
    )
    expect(failed?.code).toBe(1)
    expect(failed?.stderr.trim().split('\n')).toEqual([
      'SUPABASE_PUBLISHABLE_KEYS must be a JSON object of named keys, like {"default":"sb_publishable_…"}',
    ])
    expect(failed?.stdout).not.toContain('Demo-request backend')
  })

  it('npm run leads opens the folder itself when no server holds it', async () => {
    const env = environment({ PGLITE_DATA_DIR: await migratedPgliteFolder(join(folder, 'unheld')) })
    await storeLead(env, 'Hedy')
    await storeLead(env, 'Radia')
    const { stdout } = await command('server/leads.ts', ['--csv'], env)
    expect(stdout.split('\r\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^created_at,/),
      expect.stringContaining(',Radia,Lovelace,'),
      expect.stringContaining(',Hedy,Lovelace,'),
    ])
    // A limit never cuts silently, and --all lifts it.
    const first = await command('server/leads.ts', ['--csv', '--limit', '1'], env)
    expect(first.stdout.split('\r\n').filter(Boolean)).toHaveLength(2)
    expect(first.stderr).toBe('1 newest of 2 shown; --all lists every one.\n')
    const all = await command('server/leads.ts', ['--all'], env)
    expect(all.stdout).toContain('Hedy')
    expect(all.stderr).toBe('')
  }, 90_000) // five processes, each opening the database

  it('npm run leads -- --status lists the leads in that state alone', async () => {
    const env = environment({
      PGLITE_DATA_DIR: await migratedPgliteFolder(join(folder, 'statuses')),
    })
    await storeLead(env, 'Hedy')
    const pending = await command('server/leads.ts', ['--csv', '--status', 'pending'], env)
    expect(pending.stdout.split('\r\n').filter(Boolean)).toHaveLength(2)
    const held = await command('server/leads.ts', ['--csv', '--status', 'held'], env)
    expect(held.stdout.split('\r\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^created_at,/),
    ])
    const wrong = await command('server/leads.ts', ['--status', 'hold'], env).catch(
      (error) => error,
    )
    expect(wrong?.code).toBe(2)
    expect(wrong?.stderr).toBe('--status must be one of pending, sent, failed, skipped, held\n')
  })

  it('npm start emails after replying, and retries a failed email on its own', async () => {
    const env = environment({
      PGLITE_DATA_DIR: await migratedPgliteFolder(join(folder, 'retrying')),
      RESEND_API_KEY: 're_test',
      NOTIFY_EMAIL_TO: 'sales@example.com',
      RESEND_API_URL: emailApi.url,
      NOTIFY_RETRY_SECONDS: '1',
      ALLOWED_ORIGINS: 'https://*.partner.example',
    })
    const { url, output } = await startServer(env)
    expect(output()).toContain('retries   every 1 s')
    expect(output()).toMatch(
      /origins {3}http:\/\/localhost:\d+ and https:\/\/\*\.partner\.example\n/,
    )
    // The email API is down for the first attempt, made after the reply.
    emailApi.script('fail')
    expect((await submit(url, 'Radia')).status).toBe(200)
    await waitUntil(() => emailApi.delivered.length === 1, {
      timeoutMs: 15_000,
      what: 'the retry loop to send the email',
    })
    expect(emailApi.received.map((request) => request.answer)).toEqual(['fail', 'accept'])
    expect(emailApi.received[1]?.raw).toBe(emailApi.received[0]?.raw)
    await waitUntil(async () =>
      (await command('server/leads.ts', [], env)).stdout.includes(' sent '),
    )
    // Nothing is left for the command, which says so and succeeds.
    const retry = await command('server/notify-retry.ts', [], env)
    expect(retry.stdout).toContain('Sent 0')
  })
})

describe('DEMO_REQUEST_FIELDS=email', () => {
  it('npm start requires the email, stores it, emails sales a reply-to, and leads lists it', async () => {
    const env = environment({
      PGLITE_DATA_DIR: await migratedPgliteFolder(join(folder, 'contact')),
      DEMO_REQUEST_FIELDS: 'email',
      RESEND_API_KEY: 're_test',
      NOTIFY_EMAIL_TO: 'sales@example.com',
      RESEND_API_URL: emailApi.url,
    })
    const { url } = await startServer(env)
    const without = await submit(url, 'Ada')
    expect(without.status).toBe(400)
    expect(await without.json()).toMatchObject({
      error: { code: 'invalid_fields', fields: { email: 'Work email is required' } },
    })
    const withEmail = await fetch(`${url}/functions/v1/send-demo-request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ ...sampleSubmission, email: sampleContact.email }),
    })
    expect(withEmail.status).toBe(200)
    await waitUntil(() => emailApi.delivered.length === 1, { what: 'the lead’s email to sales' })
    expect(emailApi.delivered[0]?.body).toMatchObject({ reply_to: sampleContact.email })
    const csv = await command('server/leads.ts', ['--csv'], env)
    expect(csv.stdout.split('\r\n').filter(Boolean)).toHaveLength(2)
    expect(csv.stdout).toContain(`,${sampleContact.email},`)
  }, 60_000)
})

describe.skipIf(postgresBin === null)('on DATABASE_URL', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await openTestPostgres()
  }, 60_000)
  afterEach(() => database?.reset())
  afterAll(() => database?.close())

  const env = (extra: Record<string, string> = {}) =>
    environment({
      DATABASE_URL: database.cluster?.url ?? '',
      PGLITE_DATA_DIR: join(folder, 'unused'),
      ...extra,
    })

  it('stores in and lists from that Postgres, never the embedded one', async () => {
    const { url, output } = await startServer(env())
    expect(output()).toContain('data      Postgres at 127.0.0.1:')
    expect((await submit(url, 'Grace')).status).toBe(200)
    const rows = await database.db.query('select first_name from public.demo_requests')
    expect(rows).toEqual([{ first_name: 'Grace' }])
    const { stdout } = await command('server/leads.ts', [], env())
    expect(stdout).toContain('Grace')
  })

  it('notify:retry emails pending leads once, and exits 0 when all went out', async () => {
    await storeLead(env(), 'Grace')
    const withEmail = env({
      RESEND_API_KEY: 're_test',
      NOTIFY_EMAIL_TO: 'sales@example.com',
      RESEND_API_URL: emailApi.url,
    })
    const first = await command('server/notify-retry.ts', [], withEmail)
    expect(first.stdout).toContain('Sent 1')
    expect(emailApi.received.map((email) => email.body.subject)).toEqual([
      'Demo request: Grace Lovelace, Lovelace & Babbage LLP',
    ])
    const again = await command('server/notify-retry.ts', [], withEmail)
    expect(again.stdout).toContain('Sent 0')
    expect(emailApi.received).toHaveLength(1)
  })

  it('two notify:retry runs at once never email a lead twice', async () => {
    for (const name of ['Ada', 'Grace', 'Hedy', 'Radia', 'Barbara']) await storeLead(env(), name)
    const withEmail = env({
      RESEND_API_KEY: 're_test',
      NOTIFY_EMAIL_TO: 'sales@example.com',
      RESEND_API_URL: emailApi.url,
    })
    const runs = await Promise.all([
      command('server/notify-retry.ts', [], withEmail),
      command('server/notify-retry.ts', [], withEmail),
    ])
    const sent = runs.map((run) => Number(/Sent (\d+)/.exec(run.stdout)?.[1]))
    expect(sent.reduce((total, count) => total + count, 0)).toBe(5)
    // Not merely deduplicated by the API: no lead was even attempted twice.
    expect(emailApi.received).toHaveLength(5)
    expect(new Set(emailApi.received.map((r) => r.headers['idempotency-key'])).size).toBe(5)
  })
})
