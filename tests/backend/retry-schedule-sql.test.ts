// The pg_cron job docs/notifications.md tells a person to paste, run on PostgreSQL 15 against small
// stand-ins for Supabase's vault, pg_cron and pg_net, which a plain server lacks: it must
// parse, and the request it makes must reach the retry endpoint with the secret.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { retrySecretHeader } from '#shared/notify/notify-retry-handler.ts'
import { openTestPostgres, postgresBin, type TestDatabase } from '../support/test-database.ts'

const guide = readFileSync(new URL('../../docs/notifications.md', import.meta.url), 'utf8')
const pasted = /```sql\n(select vault\.create_secret[\s\S]*?)```/.exec(guide)?.[1] ?? ''

// Only the signatures the guide uses, recording what they are given.
const supabaseStandIns = `
  create schema vault;
  create table vault.secrets (name text primary key, secret text);
  create function vault.create_secret(secret text, name text) returns uuid
    language sql as $$ insert into vault.secrets values (name, secret); select gen_random_uuid() $$;
  create view vault.decrypted_secrets as select name, secret as decrypted_secret from vault.secrets;
  create schema cron;
  create table cron.job (jobname text primary key, schedule text, command text);
  create function cron.schedule(job_name text, schedule text, command text) returns bigint
    language sql as $$ insert into cron.job values (job_name, schedule, command); select 1::bigint $$;
  create schema net;
  create table net.requests (url text, headers jsonb, body jsonb, timeout_milliseconds int);
  create function net.http_post(url text, body jsonb default '{}', params jsonb default '{}',
      headers jsonb default '{}', timeout_milliseconds int default 5000) returns bigint
    language sql as $$
      insert into net.requests values (url, headers, body, timeout_milliseconds); select 1::bigint
    $$;
`

let test: TestDatabase
beforeAll(async () => {
  if (postgresBin !== null) test = await openTestPostgres()
}, 60_000)
afterAll(() => test?.close())

it.skipIf(postgresBin === null)(
  "the guide's pg_cron job posts to the retry endpoint with the secret, every minute",
  async () => {
    expect(pasted).toContain('cron.schedule')
    await test.db.exec(supabaseStandIns)
    await test.db.exec(pasted)
    const [job] = await test.db.query<{ schedule: string; command: string }>(
      'select schedule, command from cron.job',
    )
    expect(job?.schedule).toBe('* * * * *')
    // What pg_cron does each minute.
    await test.db.exec(job?.command ?? '')
    const requests = await test.db.query<{ url: string; headers: Record<string, string> }>(
      'select url, headers from net.requests',
    )
    expect(requests).toEqual([
      {
        url: 'https://YOUR-PROJECT.supabase.co/functions/v1/send-demo-request/retry',
        headers: {
          'content-type': 'application/json',
          [retrySecretHeader]: 'THE-SAME-NOTIFY_RETRY_SECRET',
        },
      },
    ])
  },
)
