import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SqlDatabase } from '../supabase/functions/_shared/db/sql-database.ts'
import { sampleLead } from '../tests/support/sample-lead.ts'
import { type TestDatabase, testDatabases } from '../tests/support/test-database.ts'
import { openPgliteDatabase } from './database.ts'
import { migrationsDir, runMigrations } from './migrate.ts'

const acceptLead = (db: SqlDatabase) =>
  db.query(
    'select * from public.accept_demo_request($1, $2, $3, $4, null, null, null, null, null, false)',
    [sampleLead.firstName, sampleLead.lastName, sampleLead.companyName, sampleLead.companySize],
  )

const insertLead = (db: SqlDatabase) =>
  db.query(
    `insert into public.demo_requests (first_name, last_name, company_name, company_size)
     values ($1, $2, $3, $4) returning id`,
    [sampleLead.firstName, sampleLead.lastName, sampleLead.companyName, sampleLead.companySize],
  )
const run = (statement: string) => (db: SqlDatabase) => db.query(statement)

// Runs `work` as `role` and rolls everything back, so tests leave no trace.
async function asRole<T>(db: SqlDatabase, role: string, work: (tx: SqlDatabase) => Promise<T>) {
  const rollback = new Error('rollback')
  let result: { value: T } | { error: unknown } | undefined
  await db
    .transaction(async (tx) => {
      await tx.exec(`set local role ${role}`)
      try {
        result = { value: await work(tx) }
      } catch (error) {
        result = { error }
      }
      throw rollback
    })
    .catch((error) => {
      if (error !== rollback) throw error
    })
  if (result === undefined) throw new Error('no result')
  if ('error' in result) throw result.error
  return result.value
}

const backends = testDatabases

describe.each(backends)('the migrations on $name', ({ open, skip }) => {
  let test: TestDatabase
  beforeAll(async () => {
    if (!skip) test = await open()
  }, 60_000)
  afterAll(async () => {
    await test?.close()
  })

  it.skipIf(skip)('may run in many processes at once', async () => {
    // As two notify:retry runs started together do: each applies what is missing on start.
    const runs = await Promise.allSettled(Array.from({ length: 8 }, () => runMigrations(test.db)))
    expect(runs.filter((run) => run.status === 'rejected')).toEqual([])
  })

  it.skipIf(skip)('are recorded where the Supabase CLI looks, and applied once', async () => {
    const rows = await test.db.query<{ version: string; name: string }>(
      'select version, name from supabase_migrations.schema_migrations order by version',
    )
    expect(rows).toEqual([
      { version: '20261121080000', name: 'create_demo_requests' },
      { version: '20261121080100', name: 'create_demo_request_rate_limits' },
      { version: '20261122080000', name: 'accept_demo_request' },
      { version: '20261122090000', name: 'create_demo_request_notifications' },
      { version: '20261122100000', name: 'add_demo_request_campaign' },
      { version: '20261122110000', name: 'count_demo_requests_per_window' },
      { version: '20261124220000', name: 'create_demo_request_client_key_secrets' },
      { version: '20261124230000', name: 'add_demo_request_contact_fields' },
      { version: '20261124231000', name: 'create_demo_request_spent_proofs' },
      { version: '20261125080000', name: 'hold_notifications_beyond_global_cap' },
    ])
    expect(await runMigrations(test.db)).toEqual([])
  })

  it.skipIf(skip)('enable row-level security on every table', async () => {
    const rows = await test.db.query<{ relname: string; relrowsecurity: boolean }>(
      `select relname, relrowsecurity from pg_class
       where relnamespace = 'public'::regnamespace and relkind = 'r'
       order by relname`,
    )
    expect(rows).toEqual([
      { relname: 'demo_request_client_key_secrets', relrowsecurity: true },
      { relname: 'demo_request_digests', relrowsecurity: true },
      { relname: 'demo_request_notifications', relrowsecurity: true },
      { relname: 'demo_request_rate_limits', relrowsecurity: true },
      { relname: 'demo_request_spent_proofs', relrowsecurity: true },
      { relname: 'demo_request_window_totals', relrowsecurity: true },
      { relname: 'demo_requests', relrowsecurity: true },
    ])
  })

  for (const role of ['anon', 'authenticated']) {
    it.skipIf(skip)(`let ${role} neither read nor write`, async () => {
      for (const attempt of [
        run('select * from public.demo_requests'),
        insertLead,
        run("update public.demo_requests set first_name = 'x'"),
        run('delete from public.demo_requests'),
        run('select * from public.demo_request_rate_limits'),
        run(`insert into public.demo_request_rate_limits (client_key, window_start)
         values (repeat('a', 64), now())`),
        run('select * from public.demo_request_window_totals'),
        run(
          `insert into public.demo_request_window_totals (window_start, shard) values (now(), 0)`,
        ),
        run('select * from public.demo_request_notifications'),
        run("update public.demo_request_notifications set status = 'sent'"),
        run('select * from public.demo_request_client_key_secrets'),
        run('select * from public.demo_request_client_key_secret(now())'),
        run('select * from public.demo_request_spent_proofs'),
        run(`insert into public.demo_request_spent_proofs (nonce, expires_at) values ('n', now())`),
        run('select * from public.demo_request_digests'),
        run(
          `insert into public.demo_request_digests (held_until, channel) values (now(), 'email')`,
        ),
      ]) {
        await expect(asRole(test.db, role, attempt)).rejects.toThrow(/permission denied/)
      }
    })

    it.skipIf(skip)(`keep rows from ${role} even if a grant slipped in`, async () => {
      await insertLead(test.db)
      const rows = await asRole(test.db, 'postgres', async (tx) => {
        await tx.exec(`grant select on public.demo_requests to ${role}`)
        await tx.exec(`set local role ${role}`)
        return tx.query('select * from public.demo_requests')
      })
      expect(rows).toEqual([])
      await test.reset()
    })
  }

  it.skipIf(skip)(
    'let service_role accept leads only through the function, then read them',
    async () => {
      const count = await asRole(test.db, 'service_role', async (tx) => {
        await acceptLead(tx)
        await tx.query("update public.demo_requests set notification_status = 'sent'")
        const rows = await tx.query<{ count: number }>(
          'select count(*)::int as count from public.demo_requests',
        )
        return rows[0]?.count
      })
      expect(count).toBe(1)
      for (const write of [
        insertLead,
        run("update public.demo_requests set first_name = 'x'"),
        run(
          'insert into public.demo_request_window_totals (window_start, shard) values (now(), 0)',
        ),
        run('update public.demo_request_window_totals set hits = 0'),
        run(`insert into public.demo_request_client_key_secrets (valid_from, valid_until, secret)
         values (now(), now() + interval '1 day', repeat('a', 64))`),
        run("update public.demo_request_client_key_secrets set secret = repeat('a', 64)"),
      ]) {
        await expect(asRole(test.db, 'service_role', write)).rejects.toThrow(/permission denied/)
      }
    },
  )

  for (const role of ['anon', 'authenticated']) {
    it.skipIf(skip)(`keep accept_demo_request from ${role}`, async () => {
      await expect(asRole(test.db, role, acceptLead)).rejects.toThrow(/permission denied/)
    })
  }

  it.skipIf(skip)(
    'let service_role track notifications, one row per lead and channel',
    async () => {
      const rows = await asRole(test.db, 'service_role', async (tx) => {
        const [lead] = await acceptLead(tx)
        const add = (channel: string) =>
          tx.query(
            'insert into public.demo_request_notifications (lead_id, channel) values ($1, $2) returning status',
            [lead?.request_id, channel],
          )
        const added = [...(await add('email')), ...(await add('webhook'))]
        await expect(add('email')).rejects.toThrow(/duplicate key/)
        return added
      })
      expect(rows).toEqual([{ status: 'pending' }, { status: 'pending' }])
    },
  )

  it.skipIf(skip)(
    'keep one accept_demo_request, run as its owner, executable by service_role alone',
    async () => {
      const rows = await test.db.query<{ args: string; definer: boolean; grants: string }>(
        `select pg_get_function_identity_arguments(p.oid) as args, p.prosecdef as definer,
           array_to_string(array(
             select r.rolname from pg_roles r
             where has_function_privilege(r.oid, p.oid, 'execute')
               and r.rolname in ('anon', 'authenticated', 'service_role')
             order by r.rolname), ',') as grants
         from pg_proc p where p.proname = 'accept_demo_request'`,
      )
      expect(rows).toEqual([
        {
          args: [
            'p_first_name text, p_last_name text, p_company_name text, p_company_size text',
            'p_source text, p_page_url text, p_referrer text, p_user_agent text',
            'p_idempotency_key text, p_is_spam boolean, p_client_key text',
            'p_window_start timestamp with time zone, p_client_max integer, p_global_max integer',
            'p_utm_source text, p_utm_medium text, p_utm_campaign text, p_utm_term text',
            'p_utm_content text, p_email text, p_phone text, p_phone_e164 text, p_role text',
            'p_message text, p_held_until timestamp with time zone',
          ].join(', '),
          definer: true,
          grants: 'service_role',
        },
      ])
    },
  )

  it.skipIf(skip)('store the campaign beside the lead, and bound each utm value', async () => {
    const stored = await asRole(test.db, 'service_role', async (tx) => {
      await tx.query(
        `select public.accept_demo_request($1, $2, $3, $4, null, null, null, null, null, false,
           p_utm_source => 'newsletter', p_utm_campaign => 'injury-defense-2026')`,
        [sampleLead.firstName, sampleLead.lastName, sampleLead.companyName, sampleLead.companySize],
      )
      return tx.query(
        'select utm_source, utm_medium, utm_campaign, utm_term, utm_content from public.demo_requests',
      )
    })
    expect(stored).toEqual([
      {
        utm_source: 'newsletter',
        utm_medium: null,
        utm_campaign: 'injury-defense-2026',
        utm_term: null,
        utm_content: null,
      },
    ])
    await expect(
      asRole(test.db, 'service_role', (tx) =>
        tx.query(
          `select public.accept_demo_request('a', 'b', 'c', '1-5 employees', null, null, null, null,
             null, false, p_utm_term => repeat('x', 201))`,
        ),
      ),
    ).rejects.toThrow(/check constraint/)
  })

  it.skipIf(skip)('let service_role neither delete nor truncate leads', async () => {
    for (const statement of ['delete from public.demo_requests', 'truncate public.demo_requests']) {
      await expect(asRole(test.db, 'service_role', (tx) => tx.query(statement))).rejects.toThrow(
        /permission denied/,
      )
    }
  })
})

describe('the window totals migration', () => {
  it('counts the windows already under way, so the global limit holds across the deploy', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'migrations-'))
    const db = await openPgliteDatabase()
    try {
      const files = (await readdir(migrationsDir)).filter((file) => file.endsWith('.sql')).sort()
      const totals = files.find((file) => file.includes('count_demo_requests_per_window'))
      for (const file of files.filter((file) => file < (totals as string))) {
        await copyFile(join(migrationsDir, file), join(dir, file))
      }
      await runMigrations(db, dir)
      const accept = (client: string) =>
        db.query<{ created: boolean | null; limited: string | null }>(
          `select created, limited from public.accept_demo_request('a', 'b', 'c', '1-5 employees',
             null, null, null, null, null, false, $1, '2026-01-01T00:00:00Z', 10, 4)`,
          [client.repeat(64)],
        )
      // Three hits counted the old way, by each client's row.
      for (const client of ['a', 'a', 'b']) await accept(client)
      await copyFile(join(migrationsDir, totals as string), join(dir, totals as string))
      expect(await runMigrations(db, dir)).toHaveLength(1)
      expect(await accept('c')).toEqual([{ created: true, limited: null }])
      expect(await accept('d')).toEqual([{ created: null, limited: 'global' }])
    } finally {
      await db.close()
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('the client-key secrets migration', () => {
  it('deletes the unkeyed client keys stored so far, and keeps the global count', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'migrations-'))
    const db = await openPgliteDatabase()
    try {
      const files = (await readdir(migrationsDir)).filter((file) => file.endsWith('.sql')).sort()
      const secrets = files.find((file) => file.includes('client_key_secrets')) as string
      for (const file of files.filter((file) => file < secrets)) {
        await copyFile(join(migrationsDir, file), join(dir, file))
      }
      await runMigrations(db, dir)
      const accept = (client: string) =>
        db.query<{ created: boolean | null; limited: string | null }>(
          `select created, limited from public.accept_demo_request('a', 'b', 'c', '1-5 employees',
             null, null, null, null, null, false, $1, '2026-01-01T00:00:00Z', 10, 3)`,
          [client],
        )
      // What the function stored before: an unkeyed SHA-256 of the address.
      const [old] = await db.query<{ key: string }>(
        "select encode(sha256('203.0.113.7'), 'hex') as key",
      )
      await accept(old?.key as string)
      await accept(old?.key as string)
      await copyFile(join(migrationsDir, secrets), join(dir, secrets))
      expect(await runMigrations(db, dir)).toHaveLength(1)
      expect(await db.query('select * from public.demo_request_rate_limits')).toEqual([])
      expect(await accept('b'.repeat(64))).toEqual([{ created: true, limited: null }])
      expect(await accept('c'.repeat(64))).toEqual([{ created: null, limited: 'global' }])
    } finally {
      await db.close()
      await rm(dir, { recursive: true, force: true })
    }
  })
})
