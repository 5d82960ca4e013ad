// `npm start`, `npm run leads` and `npm run notify:retry` on DATABASE_URL, a PostgreSQL 15 database.
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { command, commandRuns, storeLeads, submit } from '../support/command-runs.ts'
import { openTestPostgres, postgresBin, type TestDatabase } from '../support/test-database.ts'

const runs = commandRuns()

// A deadline only turns a hang into a failure: each test starts processes of their own, which took
// 30 s under two busy workers in a fresh-clone run and over 60 s on a machine loaded thirty times
// over, so these have four times the project's budget.
describe.skipIf(postgresBin === null)('on DATABASE_URL', { timeout: 120_000 }, () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await openTestPostgres()
  }, 60_000)
  afterEach(() => database?.reset())
  afterAll(() => database?.close())

  const env = (extra: Record<string, string> = {}) =>
    runs.environment({
      DATABASE_URL: database.cluster?.url ?? '',
      PGLITE_DATA_DIR: join(runs.folder(), 'unused'),
      ...extra,
    })
  const withEmail = () =>
    env({
      RESEND_API_KEY: 're_test',
      NOTIFY_EMAIL_TO: 'sales@example.com',
      RESEND_API_URL: runs.emailApi().url,
    })

  it('stores in and lists from that Postgres, never the embedded one', async () => {
    const { url, output } = await runs.startServer(env())
    expect(output()).toContain('data      Postgres at 127.0.0.1:')
    expect((await submit(url, 'Grace')).status).toBe(200)
    const rows = await database.db.query('select first_name from public.demo_requests')
    expect(rows).toEqual([{ first_name: 'Grace' }])
    const { stdout } = await command('server/leads.ts', [], env())
    expect(stdout).toContain('Grace')
  })

  it('notify:retry emails pending leads once, and exits 0 when all went out', async () => {
    const emailApi = runs.emailApi()
    await storeLeads(env(), ['Grace'])
    const first = await command('server/notify-retry.ts', [], withEmail())
    expect(first.stdout).toContain('Sent 1')
    expect(emailApi.received.map((email) => email.body.subject)).toEqual([
      'Demo request: Grace Lovelace, Lovelace & Babbage LLP',
    ])
    const again = await command('server/notify-retry.ts', [], withEmail())
    expect(again.stdout).toContain('Sent 0')
    expect(emailApi.received).toHaveLength(1)
  })

  it('two notify:retry runs at once never email a lead twice', async () => {
    const emailApi = runs.emailApi()
    await storeLeads(env(), ['Ada', 'Grace', 'Hedy', 'Radia', 'Barbara'])
    const runsAtOnce = await Promise.all([
      command('server/notify-retry.ts', [], withEmail()),
      command('server/notify-retry.ts', [], withEmail()),
    ])
    const sent = runsAtOnce.map((run) => Number(/Sent (\d+)/.exec(run.stdout)?.[1]))
    expect(sent.reduce((total, count) => total + count, 0)).toBe(5)
    // Not merely deduplicated by the API: no lead was even attempted twice.
    expect(emailApi.received).toHaveLength(5)
    expect(new Set(emailApi.received.map((r) => r.headers['idempotency-key'])).size).toBe(5)
  })
})
