// `npm start` with email settings, on the embedded database: the email to sales goes after the
// reply, a failed one is retried by the server's own loop, and the email-only form's lead carries
// its reply-to.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { askDataDirHolder } from '../../server/data-dir-lock.ts'
import { command, commandRuns, submit } from '../support/command-runs.ts'
import { migratedPgliteFolder } from '../support/pglite-folder.ts'
import { sampleContact, sampleSubmission } from '../support/sample-lead.ts'
import { waitUntil } from '../support/wait-until.ts'

const runs = commandRuns()

const emailSettings = () => ({
  RESEND_API_KEY: 're_test',
  NOTIFY_EMAIL_TO: 'sales@example.com',
  RESEND_API_URL: runs.emailApi().url,
})

// A deadline only turns a hang into a failure: each test starts processes of their own, which took
// 30 s under two busy workers in a fresh-clone run and over 60 s on a machine loaded thirty times
// over, so these have four times the project's budget.
describe('on the embedded database', { timeout: 120_000 }, () => {
  it('npm start emails after replying, and retries a failed email on its own', async () => {
    const emailApi = runs.emailApi()
    const env = runs.environment({
      PGLITE_DATA_DIR: await migratedPgliteFolder(join(runs.folder(), 'retrying')),
      ...emailSettings(),
      NOTIFY_RETRY_SECONDS: '1',
      ALLOWED_ORIGINS: 'https://*.partner.example',
    })
    const { url, output } = await runs.startServer(env)
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
    // Marked sent once the reply is in: asked of the server as the command asks it, in this
    // process, since a command's own node and tsx outlasted the wait's deadline under load.
    const dataDir = env.PGLITE_DATA_DIR ?? ''
    await waitUntil(
      async () =>
        (await askDataDirHolder(dataDir, 'leads', { csv: false, limit: null }))?.output.includes(
          ' sent ',
        ) === true,
      { what: 'the lead marked sent' },
    )
    // Nothing is left for the command, which says so and succeeds; the leads show it sent.
    const [retry, leads] = await Promise.all([
      command('server/notify-retry.ts', [], env),
      command('server/leads.ts', [], env),
    ])
    expect(retry.stdout).toContain('Sent 0')
    expect(leads.stdout).toContain(' sent ')
  })
})

describe('DEMO_REQUEST_FIELDS=email', () => {
  it('npm start requires the email, stores it, emails sales a reply-to, and leads lists it', async () => {
    const emailApi = runs.emailApi()
    const env = runs.environment({
      PGLITE_DATA_DIR: await migratedPgliteFolder(join(runs.folder(), 'contact')),
      DEMO_REQUEST_FIELDS: 'email',
      ...emailSettings(),
    })
    const { url } = await runs.startServer(env)
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
  }, 120_000)
})
