// `npm run leads` on an embedded folder no server holds: it opens the folder itself.
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { command, commandRuns, failedCommand, storeLeads } from '../support/command-runs.ts'
import { migratedPgliteFolder } from '../support/pglite-folder.ts'

const runs = commandRuns()

// A deadline only turns a hang into a failure: each test starts processes of their own, which took
// 30 s under two busy workers in a fresh-clone run and over 60 s on a machine loaded thirty times
// over, so these have four times the project's budget.
describe('on the embedded database', { timeout: 120_000 }, () => {
  // One folder for both tests, each command a process opening it (about 1.5 s of a core each).
  let env: NodeJS.ProcessEnv
  beforeAll(async () => {
    env = runs.environment({
      PGLITE_DATA_DIR: await migratedPgliteFolder(join(runs.folder(), 'unheld')),
    })
    // Opened once each, as the original order rests on two transactions' clocks, not one's.
    await storeLeads(env, ['Hedy'])
    await storeLeads(env, ['Radia'])
  }, 120_000)

  it('npm run leads opens the folder itself when no server holds it', async () => {
    // --all lists every one, newest first, with no note.
    const all = await command('server/leads.ts', ['--all'], env)
    expect(all.stdout.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^created_at\s+first_name/),
      expect.stringMatching(/^-+ +-+/),
      expect.stringMatching(/\sRadia\s+Lovelace\s/),
      expect.stringMatching(/\sHedy\s+Lovelace\s/),
    ])
    expect(all.stderr).toBe('')
    // A limit never cuts silently: the newest kept, and a note of the rest.
    const first = await command('server/leads.ts', ['--csv', '--limit', '1'], env)
    expect(first.stdout.split('\r\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^created_at,/),
      expect.stringContaining(',Radia,Lovelace,'),
    ])
    expect(first.stderr).toBe('1 newest of 2 shown; --all lists every one.\n')
  })

  it('npm run leads -- --status lists the leads in that state alone', async () => {
    // A wrong status is refused before the folder is opened, so it runs beside the others.
    const [wrong, [pending, held]] = await Promise.all([
      failedCommand('server/leads.ts', ['--status', 'hold'], env),
      command('server/leads.ts', ['--csv', '--status', 'pending'], env).then(async (pending) => [
        pending,
        await command('server/leads.ts', ['--csv', '--status', 'held'], env),
      ]),
    ])
    expect(pending?.stdout.split('\r\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^created_at,/),
      expect.stringContaining(',Radia,Lovelace,'),
      expect.stringContaining(',Hedy,Lovelace,'),
    ])
    expect(pending?.stderr).toBe('')
    expect(held?.stdout.split('\r\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^created_at,/),
    ])
    expect(wrong?.code).toBe(2)
    expect(wrong?.stderr).toBe('--status must be one of pending, sent, failed, skipped, held\n')
  })
})
