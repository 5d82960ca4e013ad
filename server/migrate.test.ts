import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { leadField, leadFieldNames } from '#core/lead-fields.ts'
import type { SqlDatabase } from '#shared/db/sql-database.ts'
import { newPgliteTarball } from '../tests/support/pglite-folder.ts'
import { sampleLead } from '../tests/support/sample-lead.ts'
import { type TestDatabase, testDatabases } from '../tests/support/test-database.ts'
import { openPgliteDatabase } from './database.ts'
import { runMigrations } from './migrate.ts'

// A lead as the function passes it: one object keyed by column.
const sampleColumns = {
  first_name: sampleLead.firstName,
  last_name: sampleLead.lastName,
  company_name: sampleLead.companyName,
  company_size: sampleLead.companySize,
}
const acceptLead = (db: SqlDatabase, lead: Record<string, unknown> = sampleColumns) =>
  db.query('select * from public.accept_demo_request($1::jsonb)', [JSON.stringify(lead)])

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
      { version: '20261126110000', name: 'baseline' },
      { version: '20261128120000', name: 'console' },
      { version: '20261128140000', name: 'console_speed' },
      { version: '20261128150000', name: 'funnel' },
      { version: '20261128160000', name: 'console_role' },
      { version: '20261128170000', name: 'drop_console_counts' },
      { version: '20261128180000', name: 'funnel_rollups' },
      { version: '20261128190000', name: 'funnel_lead_sums' },
      { version: '20261128200000', name: 'audit_list_leads' },
      { version: '20261128210000', name: 'audit_append_only' },
      { version: '20261128220000', name: 'one_compaction' },
      { version: '20261128230000', name: 'erased_bookings' },
      { version: '20261129100000', name: 'console_live_session' },
      { version: '20261203090000', name: 'more_channels' },
      { version: '20261203100000', name: 'lead_owner' },
      { version: '20261203120000', name: 'delivery_outbox' },
      { version: '20261203130000', name: 'console_integrations' },
      { version: '20261203170000', name: 'status_outbox' },
      { version: '20261203180000', name: 'dead_letter_failed_at' },
      { version: '20261203190000', name: 'funnel_origin_room' },
      { version: '20261203200000', name: 'meeting_outcome' },
      { version: '20261203210000', name: 'share_links' },
      { version: '20261203220000', name: 'funnel_report_emails' },
      { version: '20261203225900', name: 'meeting_mark_audit' },
      { version: '20261203230000', name: 'quiet_page_alarm' },
      { version: '20261203235900', name: 'meeting_outcome_crm' },
      { version: '20261204000000', name: 'unlogged_rate_counters' },
      { version: '20261204010000', name: 'accept_in_batches' },
    ])
    expect(await runMigrations(test.db)).toEqual([])
  })

  // Only counters whose loss in a crash restarts a window's count: never a lead or a funnel count.
  it.skipIf(skip)('keep only the rate-limit counters out of the write-ahead log', async () => {
    const rows = await test.db.query<{ relname: string }>(
      `select relname from pg_class
       where relnamespace = 'public'::regnamespace and relkind = 'r' and relpersistence = 'u'
       order by relname`,
    )
    expect(rows.map((row) => row.relname)).toEqual([
      'demo_request_funnel_rate_limits',
      'demo_request_rate_limits',
      'demo_request_window_totals',
    ])
  })

  it.skipIf(skip)('enable row-level security on every table', async () => {
    const rows = await test.db.query<{ relname: string; relrowsecurity: boolean }>(
      `select relname, relrowsecurity from pg_class
       where relnamespace = 'public'::regnamespace and relkind = 'r'
       order by relname`,
    )
    expect(rows).toEqual([
      { relname: 'console_audit', relrowsecurity: true },
      { relname: 'console_audit_pruning', relrowsecurity: true },
      { relname: 'console_lead_changes', relrowsecurity: true },
      { relname: 'console_lead_status', relrowsecurity: true },
      { relname: 'console_report_choices', relrowsecurity: true },
      { relname: 'console_report_sends', relrowsecurity: true },
      { relname: 'console_share_links', relrowsecurity: true },
      { relname: 'console_staff', relrowsecurity: true },
      { relname: 'demo_request_booking_cursors', relrowsecurity: true },
      { relname: 'demo_request_booking_notifications', relrowsecurity: true },
      { relname: 'demo_request_bookings', relrowsecurity: true },
      { relname: 'demo_request_client_key_secrets', relrowsecurity: true },
      { relname: 'demo_request_digests', relrowsecurity: true },
      { relname: 'demo_request_funnel_campaign_counts', relrowsecurity: true },
      { relname: 'demo_request_funnel_campaign_sums', relrowsecurity: true },
      { relname: 'demo_request_funnel_campaigns', relrowsecurity: true },
      { relname: 'demo_request_funnel_counts', relrowsecurity: true },
      { relname: 'demo_request_funnel_day_steps', relrowsecurity: true },
      { relname: 'demo_request_funnel_field_sums', relrowsecurity: true },
      { relname: 'demo_request_funnel_lead_marks', relrowsecurity: true },
      { relname: 'demo_request_funnel_lead_summed_days', relrowsecurity: true },
      { relname: 'demo_request_funnel_lead_sums', relrowsecurity: true },
      { relname: 'demo_request_funnel_origin_days', relrowsecurity: true },
      { relname: 'demo_request_funnel_page_sums', relrowsecurity: true },
      { relname: 'demo_request_funnel_pages', relrowsecurity: true },
      { relname: 'demo_request_funnel_rate_limits', relrowsecurity: true },
      { relname: 'demo_request_funnel_seen', relrowsecurity: true },
      { relname: 'demo_request_funnel_summed_days', relrowsecurity: true },
      { relname: 'demo_request_meeting_changes', relrowsecurity: true },
      { relname: 'demo_request_no_booking_alerts', relrowsecurity: true },
      { relname: 'demo_request_notifications', relrowsecurity: true },
      { relname: 'demo_request_quiet_alarms', relrowsecurity: true },
      { relname: 'demo_request_rate_limits', relrowsecurity: true },
      { relname: 'demo_request_spent_proofs', relrowsecurity: true },
      { relname: 'demo_request_status_notifications', relrowsecurity: true },
      { relname: 'demo_request_window_totals', relrowsecurity: true },
      { relname: 'demo_requests', relrowsecurity: true },
    ])
  })

  // The console's staff read leads, notifications and bookings as `console_staff_role`, each
  // row as the policies allow (tests/backend/console-roles.test.ts): without a staff member's
  // claims, none. The Data API's roles, `anon` and `authenticated`, are refused outright.
  const consoleReads = [
    'select * from public.demo_requests',
    'select * from public.demo_request_notifications',
    'select * from public.demo_request_bookings',
    'select * from public.demo_request_booking_notifications',
    'select * from public.demo_request_no_booking_alerts',
  ]
  it.skipIf(skip)("let the staff's role without a staff claim read no lead", async () => {
    await insertLead(test.db)
    for (const statement of consoleReads) {
      expect(await asRole(test.db, 'console_staff_role', run(statement)), statement).toEqual([])
    }
    await test.reset()
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
        run('select * from public.demo_request_bookings'),
        run('select * from public.demo_request_booking_notifications'),
        run('select * from public.demo_request_booking_cursors'),
        run(`insert into public.demo_request_booking_cursors (provider, looked_until, updated_at)
         values ('cal', now(), now())`),
        run(`select * from public.apply_demo_request_booking('{}', '{}', now())`),
        run('select * from public.demo_request_funnel_counts'),
        run('select * from public.demo_request_funnel_rate_limits'),
        run(`select public.count_funnel_batch('[{"event":"shown"}]', '', 'https://a.example/',
           current_date, repeat('a', 64), now(), 30)`),
        run('select * from public.demo_request_funnel_pages'),
        run('select * from public.demo_request_funnel_origin_days'),
        run('select * from public.demo_request_funnel_seen'),
        run(`select * from public.demo_request_funnel_range_report(current_date, current_date)`),
        run(`select public.demo_request_funnel_compact(current_date)`),
        run('select * from public.demo_request_funnel_lead_sums'),
        run('select * from public.demo_request_funnel_lead_marks'),
        run(`select * from public.demo_request_funnel_lead_events_on(array[current_date])`),
        run(`select * from public.demo_request_funnel_admit(current_date, '', 'https://a.example/',
           200, 1000)`),
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
        run("update public.demo_requests set booking_state = 'booked', booking_id = 'x'"),
        run(`insert into public.demo_request_bookings (provider, booking_id, lead_id, state,
           occurred_at, created_at, updated_at)
         select 'cal', 'x', id, 'booked', now(), now(), now() from public.demo_requests`),
        // The funnel's counters and its bounds grow only through count_funnel_batch.
        run(`insert into public.demo_request_funnel_counts (day, source, page, event, shard, n)
         values (current_date, '', '', 'sent', 0, 1)`),
        run('update public.demo_request_funnel_counts set n = n + 1'),
        run(`insert into public.demo_request_funnel_pages (day, source, page)
         values (current_date, '', 'https://a.example/')`),
        run(`insert into public.demo_request_funnel_origin_days (day, origin, room)
         values (current_date, 'https://a.example', 1000)`),
        run('update public.demo_request_funnel_origin_days set room = 1000'),
        run(`insert into public.demo_request_funnel_seen (source, page, origin, last_day)
         values ('', 'https://a.example/', 'https://a.example', current_date)`),
        run('update public.demo_request_funnel_seen set last_day = current_date'),
        // The leads' sums and marks are written by the compaction and a trigger alone.
        run(`insert into public.demo_request_funnel_lead_marks (at) values (now())`),
        run(`insert into public.demo_request_funnel_lead_summed_days (day, time_zone)
         values (current_date, 'UTC')`),
        run(`select public.demo_request_funnel_sum_leads(array[current_date], 'UTC')`),
        run(`select * from public.demo_request_funnel_admit(current_date, '', 'https://a.example/',
           200, 1000)`),
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
            'p_lead jsonb, p_client_key text, p_window_start timestamp with time zone',
            'p_client_max integer, p_global_max integer',
            'p_held_until timestamp with time zone',
          ].join(', '),
          definer: true,
          grants: 'service_role',
        },
      ])
    },
  )

  it.skipIf(skip)('store the campaign beside the lead, and bound each utm value', async () => {
    const stored = await asRole(test.db, 'service_role', async (tx) => {
      await acceptLead(tx, {
        ...sampleColumns,
        utm_source: 'newsletter',
        utm_campaign: 'injury-defense-2026',
      })
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
        acceptLead(tx, { ...sampleColumns, utm_term: 'x'.repeat(201) }),
      ),
    ).rejects.toThrow(/check constraint/)
  })

  it.skipIf(skip)("keep a lead's state the function's own, whatever the object says", async () => {
    const [stored] = await asRole(test.db, 'service_role', async (tx) => {
      await acceptLead(tx, {
        ...sampleColumns,
        id: '00000000-0000-4000-8000-000000000000',
        notification_status: 'sent',
        notification_attempts: 7,
        held_until: '2026-01-01T00:00:00Z',
        booking_state: 'booked',
        booking_id: 'forged',
        created_at: '2000-01-01T00:00:00Z',
        not_a_column: 'ignored',
      })
      return tx.query<Record<string, unknown>>(
        `select id::text, notification_status, notification_attempts, held_until, is_spam,
           booking_state, booking_id, created_at > now() - interval '1 minute' as fresh from public.demo_requests`,
      )
    })
    expect(stored).toMatchObject({
      notification_status: 'pending',
      notification_attempts: 0,
      held_until: null,
      is_spam: false,
      booking_state: null,
      booking_id: null,
      fresh: true,
    })
    expect(stored?.id).not.toBe('00000000-0000-4000-8000-000000000000')
  })

  it.skipIf(skip)('have a column for every field of the catalogue', async () => {
    // accept_demo_request ignores a key that is no column: a field without its migration
    // would be dropped unseen.
    const rows = await test.db.query<{ column_name: string }>(
      `select column_name from information_schema.columns
       where table_schema = 'public' and table_name = 'demo_requests'`,
    )
    const columns = rows.map((row) => row.column_name)
    const missing = leadFieldNames.filter((name) => !columns.includes(leadField(name).column))
    expect(missing).toEqual([])
  })

  it.skipIf(skip)('let service_role neither delete nor truncate leads', async () => {
    for (const statement of ['delete from public.demo_requests', 'truncate public.demo_requests']) {
      await expect(asRole(test.db, 'service_role', (tx) => tx.query(statement))).rejects.toThrow(
        /permission denied/,
      )
    }
  })
})

describe('a database migrated before the baseline', () => {
  it('is refused with a message naming what to do', async () => {
    const db = await openPgliteDatabase(undefined, await newPgliteTarball())
    try {
      await runMigrations(db)
      await db.query(
        `insert into supabase_migrations.schema_migrations (version, name)
         values ('20261121080000', 'create_demo_requests')`,
      )
      await expect(runMigrations(db)).rejects.toThrow(
        /migrations this checkout does not have \(20261121080000\).*Start it afresh/,
      )
    } finally {
      await db.close()
    }
  })
})
