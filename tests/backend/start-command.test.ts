// `npm start` (without the build) as a person runs it on the embedded database, and the commands
// beside it that find the folder held.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { command, commandRuns, failedCommand, submit } from '../support/command-runs.ts'
import { newPgliteFolder } from '../support/pglite-folder.ts'

const runs = commandRuns()

// A deadline only turns a hang into a failure: each test starts processes of their own, which took
// 30 s under two busy workers in a fresh-clone run and over 60 s on a machine loaded thirty times
// over, so these have four times the project's budget.
describe('on the embedded database', { timeout: 120_000 }, () => {
  it('npm start takes leads and npm run leads shows them through it', async () => {
    // An empty folder: `npm start` applies the migrations itself.
    const env = runs.environment({
      PGLITE_DATA_DIR: await newPgliteFolder(join(runs.folder(), 'served')),
    })
    // Through tsx, as `npm start` runs it: the others run it built (server-entries.ts).
    const { url, output } = await runs.startServer(env, { tsx: true })
    expect(output()).toContain('Demo-request backend on http://localhost:')
    expect(output()).toContain(
      'origins   only its own origin: set ALLOWED_ORIGINS to let partner pages post',
    )
    expect(output()).toMatch(
      /hosts {5}localhost:(\d+), 127\.0\.0\.1:\1, \[::1\]:\1 \(set ALLOWED_HOSTS to add a name\)/,
    )
    expect((await submit(url, 'Ada', 'es')).status).toBe(200)

    // Each asks the server holding the folder, or finds it held, and none waits on another.
    const [table, csv, retry, second] = await Promise.all([
      command('server/leads.ts', [], env),
      command('server/leads.ts', ['--csv'], env),
      failedCommand('server/notify-retry.ts', [], env),
      failedCommand('server/start.ts', [], { ...env, SKIP_BUILD: '1', PORT: '0' }),
    ])
    expect(table.stdout).toMatch(/^created_at\s+first_name/)
    expect(table.stdout).toMatch(
      /^created_at\s+first_name.*\ssource\s+language\s+campaign\s+spam\s/,
    )
    expect(table.stdout).toMatch(
      /Ada\s+Lovelace\s+Lovelace & Babbage LLP\s+6-50 employees\s+widget\s+es\s+injury-defense-2026\s+no\s+pending/,
    )
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
    expect(retry?.stderr).toContain('RESEND_API_KEY')
    // A second server on the same folder stops with one line, no stack trace.
    expect(second?.stderr.trim()).toMatch(/served is open in another process/)
    expect(second?.stderr.trim().split('\n')).toHaveLength(1)
  })

  it('npm start stops at a bad setting with one line that names it', async () => {
    const env = runs.environment({
      SKIP_BUILD: '1',
      PORT: '0',
      SUPABASE_PUBLISHABLE_KEYS: 'not-json',
    })
    const failed = await failedCommand('server/start.ts', [], env)
    expect(failed?.code).toBe(1)
    expect(failed?.stderr.trim().split('\n')).toEqual([
      'SUPABASE_PUBLISHABLE_KEYS must be a JSON object of named keys, like {"default":"sb_publishable_…"}',
    ])
    expect(failed?.stdout).not.toContain('Demo-request backend')
  })
})
