// The audit trail is append-only in the database itself, on PGlite and PostgreSQL 15: its
// triggers refuse UPDATE, DELETE and TRUNCATE to the table's owner (the login that ran the
// migrations, as the functions' is on Supabase) and to every role, and entries leave only
// through console_audit_prune(), which takes no date and removes only what is older than the
// retention the owner set.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createSqlAuditRetention } from '#shared/console/audit/audit-retention.ts'
import {
  addConsoleStaff,
  type ConsoleCaller,
  queryAs,
  rolledBack,
} from '../support/console-staff.ts'
import { type TestDatabase, testDatabases } from '../support/test-database.ts'

const denied = '42501'

const callers: ConsoleCaller[] = [
  'owner',
  'sales',
  'marketing',
  'partner',
  'removed',
  'anon',
  'service_role',
]

// The entries' ages in days: two past a year's retention, one just inside it, one of today.
const ages = [400, 366, 364, 0]

describe.each(testDatabases)('the audit trail on $name', ({ open, skip }) => {
  let test: TestDatabase
  const count = async () =>
    Number(
      (await test.db.query<{ n: string }>('select count(*) as n from public.console_audit'))[0]?.n,
    )

  beforeAll(async () => {
    if (skip) return
    test = await open()
  }, 120_000)
  afterAll(() => test?.close())
  beforeEach(async () => {
    if (skip) return
    await test.reset()
    await addConsoleStaff(test.db)
    for (const days of ages) {
      await test.db.query(
        `insert into public.console_audit (at, actor_id, actor_email, action)
          values (now() - make_interval(days => $1), gen_random_uuid(), 'staff@firm.example', 'sign_in')`,
        [days],
      )
    }
  })

  it.skipIf(skip)(
    "refuses UPDATE, DELETE and TRUNCATE to the table's owner and to every role",
    async () => {
      const [table] = await test.db.query<{ owns: boolean }>(
        "select pg_get_userbyid(relowner) = current_user as owns from pg_class where oid = 'public.console_audit'::regclass",
      )
      expect(table?.owns).toBe(true)
      const statements = {
        update: "update public.console_audit set actor_email = 'x@firm.example'",
        delete: 'delete from public.console_audit',
        // Even what the retention would let go, outside the pruning.
        'delete the oldest':
          "delete from public.console_audit where at < now() - interval '365 days'",
        truncate: 'truncate public.console_audit',
      }
      const outcomes: Record<string, unknown[]> = {}
      for (const [name, sql] of Object.entries(statements)) {
        outcomes[name] = [await rolledBack(test.db, (tx) => tx.query(sql))]
        for (const caller of callers) outcomes[name].push(await queryAs(test.db, caller, sql))
        // A staff token as Supabase's Data API would run it.
        outcomes[name].push(await queryAs(test.db, 'owner', sql, [], 'authenticated'))
      }
      const refused = [denied, ...callers.map(() => denied), denied]
      expect(outcomes).toEqual(
        Object.fromEntries(Object.keys(statements).map((name) => [name, refused])),
      )
      // The owner is refused by the trigger, not by a grant, and told the way that is open.
      const refusal = await test.db.query('delete from public.console_audit').catch((e) => e)
      expect(String(refusal.message)).toContain('append-only')
      expect(await count()).toBe(ages.length)
    },
  )

  it.skipIf(skip)("lets no session forge the pruning's mark, nor set the retention", async () => {
    // A custom setting is anyone's to set: it opens nothing.
    expect(
      await rolledBack(test.db, async (tx) => {
        await tx.query("select set_config('console_audit.pruning', 'on', true)")
        return tx.query('delete from public.console_audit')
      }),
    ).toBe(denied)
    // The pruning's mark ends with it: the rest of its transaction deletes nothing.
    expect(
      await rolledBack(test.db, async (tx) => {
        await tx.query('select public.console_audit_prune()')
        return tx.query('delete from public.console_audit')
      }),
    ).toBe(denied)
    const attempts = {
      'write the mark':
        'update public.console_audit_pruning set pruning = pg_current_xact_id() returning 1',
      'read the settings': 'select * from public.console_audit_pruning',
      'set the retention': 'select public.console_audit_keep_days(1)',
      'prune by a date': "select public.console_audit_prune(now() + interval '1 day')",
    }
    const outcomes: Record<string, unknown[]> = {}
    for (const [name, sql] of Object.entries(attempts)) {
      outcomes[name] = []
      for (const caller of callers) outcomes[name].push(await queryAs(test.db, caller, sql))
    }
    // No prune takes a date any more: there is no such function to call.
    const missing = callers.map(() => '42883')
    expect(outcomes).toEqual({
      'write the mark': callers.map(() => denied),
      'read the settings': callers.map(() => denied),
      'set the retention': callers.map(() => denied),
      'prune by a date': missing,
    })
    // Only the function's role prunes, and only what the retention lets go.
    const prune = 'select public.console_audit_prune()::int as n'
    const pruned = await Promise.all(callers.map((caller) => queryAs(test.db, caller, prune)))
    expect(pruned).toEqual([denied, denied, denied, denied, denied, denied, [{ n: 2 }]])
  })

  it.skipIf(skip)(
    'prunes through console_audit_prune() only the entries older than AUDIT_RETENTION_DAYS',
    async () => {
      const retention = createSqlAuditRetention(test.db, { role: 'service_role' })
      const kept = async () =>
        (
          await test.db.query<{ days: number }>(
            'select round(extract(epoch from now() - at) / 86400)::int as days from public.console_audit order by at',
          )
        ).map((row) => row.days)
      expect(await retention.prune(365)).toBe(2)
      expect(await kept()).toEqual([364, 0])
      expect(await retention.prune(365)).toBe(0)
      // The days are the owner's setting, which the function wrote as that owner.
      const [setting] = await test.db.query<{ retention_days: number }>(
        'select retention_days from public.console_audit_pruning',
      )
      expect(setting?.retention_days).toBe(365)
      expect(await retention.prune(30)).toBe(1)
      expect(await kept()).toEqual([0])
      // A retention of no days is refused, not taken as "everything".
      await expect(retention.prune(0)).rejects.toMatchObject({ code: '23514' })
      expect(await kept()).toEqual([0])
    },
  )
})
