// What each role of the console reads and changes, decided by the migrations' policies and
// shown here table by table as that person, on PGlite and PostgreSQL 15: through SQL as the
// console function runs it (role `console_staff_role`, the token's claims), through the console's
// handler with real signed tokens, and as Supabase's Data API would run a staff token (role
// `authenticated`), which reaches none of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditActions, type FunnelReport, type LeadDetail } from '#core/console-api.ts'
import { createSqlBookingStore } from '#shared/booking/sql-booking-store.ts'
import type { ConsoleHandler } from '#shared/console/console-handler.ts'
import type { SqlDatabase } from '#shared/db/sql-database.ts'
import {
  addConsoleStaff,
  type ConsoleCaller,
  type ConsolePerson,
  consoleHandlerOn,
  consoleRequest,
  consoleStaff,
  queryAs,
  recordingAuthAdmin,
  recordingNotifier,
  staffClaims,
  staffToken,
  startConsoleSession,
} from '../support/console-staff.ts'
import { insertLead } from '../support/insert-lead.ts'
import { sampleContact, sampleNewDemoRequest } from '../support/sample-lead.ts'
import { type TestDatabase, testDatabases } from '../support/test-database.ts'

// The role a staff member's queries run as: the console function's, or the Data API's.
type StaffRoute = 'console_staff_role' | 'authenticated'

// The row count the caller's query read or changed, or the SQLSTATE it was refused with.
async function asCaller(
  db: SqlDatabase,
  caller: ConsoleCaller,
  sql: string,
  params: unknown[] = [],
  route: StaffRoute = 'console_staff_role',
) {
  const rows = await queryAs(db, caller, sql, params, route)
  if (typeof rows === 'string') return rows
  return /^select count/.test(sql) ? Number(rows[0]?.n) : rows.length
}

const people: ConsoleCaller[] = ['owner', 'sales', 'marketing', 'partner', 'removed', 'anon']
const denied = '42501'
// A second sign-in of the salesperson's, whose first call the audit trail records.
const auditSession = '00000000-0000-4000-9000-0000000000a5'

const reads = {
  demo_requests: [2, 2, 0, 0, 0, denied],
  demo_request_notifications: [1, 1, 0, 0, 0, denied],
  demo_request_bookings: [1, 1, 0, 0, 0, denied],
  demo_request_booking_notifications: [1, 1, 0, 0, 0, denied],
  console_lead_changes: [1, 1, 0, 0, 0, denied],
  console_lead_status: [1, 1, 0, 0, 0, denied],
  console_audit: [1, 0, 0, 0, 0, denied],
  // Everyone their own row; the owner all four; sales the people who may own leads (owner, sales).
  console_staff: [4, 2, 1, 1, 0, denied],
}

describe.each(testDatabases)('the console on $name', ({ open, skip }) => {
  let test: TestDatabase
  let handler: ConsoleHandler
  const auth = recordingAuthAdmin()
  let leadId = ''
  let partnerLeadId = ''

  beforeAll(async () => {
    if (skip) return
    test = await open()
    const db = test.db
    await addConsoleStaff(db)
    leadId = (await insertLead(db, { ...sampleNewDemoRequest, ...sampleContact })).id
    partnerLeadId = (
      await insertLead(db, {
        ...sampleNewDemoRequest,
        firstName: 'Grace',
        lastName: 'Hopper',
        companyName: 'Cobol Partners',
        email: 'grace@cobol.example',
        source: 'partner-acme',
      })
    ).id
    await db.query(
      "insert into public.demo_request_notifications (lead_id, channel, status, sent_at) values ($1, 'email', 'sent', now())",
      [leadId],
    )
    await db.query(
      `insert into public.demo_request_bookings (provider, booking_id, lead_id, state, start_time, occurred_at, created_at, updated_at)
        values ('cal', 'b-1', $1, 'booked', now() + interval '1 day', now(), now(), now())`,
      [leadId],
    )
    await db.query(
      "insert into public.demo_request_booking_notifications (provider, booking_id, notice, channel, created_at) values ('cal', 'b-1', 'booked', 'email', now())",
    )
    await db.query(
      `insert into public.demo_request_funnel_counts (day, source, page, event, shard, n)
        values (current_date, 'widget', '/contact', 'shown', 0, 7),
          (current_date, 'partner-acme', '/p', 'shown', 0, 3),
          (current_date, 'partner-acme', '/p', 'started', 0, 2)`,
    )
    // A status change by sales, with its audit entry.
    await db.transaction(async (tx) => {
      await tx.exec('set local role console_staff_role')
      await tx.query("select set_config('request.jwt.claims', $1, true)", [
        JSON.stringify(staffClaims('sales')),
      ])
      await tx.query(
        "insert into public.console_lead_changes (lead_id, kind, value) values ($1, 'status', 'contacted')",
        [leadId],
      )
    })
    handler = consoleHandlerOn(db, auth.admin, [recordingNotifier('email').notifier])
  }, 120_000)
  afterAll(() => test?.close())

  it.skipIf(skip)(
    'lets each role read only the rows of each table its policies allow',
    async () => {
      const seen: Record<string, (number | string)[]> = {}
      for (const table of Object.keys(reads)) {
        seen[table] = []
        for (const caller of people) {
          seen[table].push(
            await asCaller(test.db, caller, `select count(*) as n from public.${table}`),
          )
        }
      }
      expect(seen).toEqual(reads)
    },
  )

  it.skipIf(skip)(
    "gives the Data API nothing of the console's: a staff token as `authenticated` is refused everywhere",
    async () => {
      const attempts: Record<string, [string, unknown[]]> = {
        ...Object.fromEntries(
          Object.keys(reads).map((table) => [
            table,
            [`select count(*) as n from public.${table}`, []],
          ]),
        ),
        'add a status change': [
          "insert into public.console_lead_changes (lead_id, kind, value) values ($1, 'status', 'won') returning 1",
          [leadId],
        ],
        'forge an audit entry': [
          "select public.console_audit_record('view_lead', $1, '{}')",
          [leadId],
        ],
        'record a sign-in': ["select public.console_audit_sign_in('forged-session')", []],
        erase: ['select public.console_erase(null, $1)', [leadId]],
        funnel: [
          "select count(distinct source) as n from public.console_funnel(current_date - 1, current_date) where part = 'page'",
          [],
        ],
        'ask its role': ['select public.console_role()', []],
      }
      const staff: ConsolePerson[] = ['owner', 'sales', 'marketing', 'partner']
      const seen: Record<string, (number | string)[]> = {}
      for (const [name, [sql, params]] of Object.entries(attempts)) {
        seen[name] = []
        for (const person of staff) {
          seen[name].push(await asCaller(test.db, person, sql, params, 'authenticated'))
        }
      }
      expect(seen).toEqual(
        Object.fromEntries(Object.keys(attempts).map((name) => [name, staff.map(() => denied)])),
      )
      // Nothing was written past the refusals: the lead is as the owner reads it.
      expect(
        await asCaller(test.db, 'owner', 'select count(*) as n from public.console_lead_changes'),
      ).toBe(1)
    },
  )

  it.skipIf(skip)(
    "lets no API role become the staff's, and leaves the Data API's roles nothing in public",
    async () => {
      const [row] = await test.db.query<Record<string, boolean | string>>(
        `select
          pg_has_role('authenticator', 'console_staff_role', 'member') as authenticator,
          pg_has_role('authenticated', 'console_staff_role', 'member') as authenticated,
          pg_has_role('anon', 'console_staff_role', 'member') as anon,
          pg_has_role('service_role', 'console_staff_role', 'member') as service_role,
          coalesce((select string_agg(c.relname, ', ' order by c.relname) from pg_class c
            where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
              and (has_table_privilege('authenticated', c.oid,
                  'select, insert, update, delete, truncate, references, trigger')
                or has_any_column_privilege('authenticated', c.oid, 'select, insert, update'))
          ), '') as tables,
          coalesce((select string_agg(p.proname, ', ' order by p.proname) from pg_proc p
            where p.pronamespace = 'public'::regnamespace
              and has_function_privilege('authenticated', p.oid, 'execute')), '') as functions`,
      )
      expect(row).toEqual({
        authenticator: false,
        authenticated: false,
        anon: false,
        service_role: false,
        tables: '',
        functions: '',
      })
    },
  )

  it.skipIf(skip)(
    'lets owner and sales alone change a status or note, and only as themselves',
    async () => {
      const change = (caller: ConsoleCaller) =>
        asCaller(
          test.db,
          caller,
          "insert into public.console_lead_changes (lead_id, kind, value, by_user, by_email) values ($1, 'note', 'hi', $2, 'forged@x.example') returning by_email",
          [leadId, consoleStaff.owner.userId],
        )
      const outcomes = await Promise.all(people.map(change))
      // The author is stamped from the token (by_email the caller's), so sales cannot write as the owner.
      expect(outcomes).toEqual([1, 1, denied, denied, denied, denied])
      const stamped = await queryAs(
        test.db,
        'sales',
        "insert into public.console_lead_changes (lead_id, kind, value, by_user, by_email) values ($1, 'note', 'hi', $2, 'forged@x.example') returning by_email",
        [leadId, consoleStaff.sales.userId],
      )
      expect(stamped).toEqual([{ by_email: consoleStaff.sales.email }])
    },
  )

  it.skipIf(skip)(
    'lets nobody change a lead directly, nor change or delete the audit trail, the owner included',
    async () => {
      const everyone: ConsoleCaller[] = [...people, 'service_role']
      const statements = {
        'update lead': 'update public.demo_requests set first_name = $1',
        'delete lead': 'delete from public.demo_requests where first_name <> $1',
        'update audit': 'update public.console_audit set actor_email = $1',
        'delete audit': 'delete from public.console_audit where actor_email <> $1',
        'insert audit':
          "insert into public.console_audit (actor_id, actor_email, action) values (gen_random_uuid(), $1, 'erase')",
        'truncate audit': 'truncate public.console_audit',
      }
      const outcomes: Record<string, (number | string)[]> = {}
      for (const [name, sql] of Object.entries(statements)) {
        outcomes[name] = []
        for (const caller of everyone) {
          outcomes[name].push(
            await asCaller(test.db, caller, sql, name.startsWith('truncate') ? [] : ['x']),
          )
        }
      }
      // service_role keeps the function's one update of leads (their notification columns): not first_name.
      const refused = everyone.map(() => denied)
      expect(outcomes).toEqual(
        Object.fromEntries(Object.keys(statements).map((name) => [name, refused])),
      )
    },
  )

  it.skipIf(skip)(
    'lets the owner alone manage the staff and erase; the funnel for the staff alone',
    async () => {
      const insertStaff = (caller: ConsoleCaller) =>
        asCaller(
          test.db,
          caller,
          "insert into public.console_staff (user_id, email, role) values (gen_random_uuid(), 'new@firm.example', 'owner') returning 1",
        )
      expect(await Promise.all(people.map(insertStaff))).toEqual([
        1,
        denied,
        denied,
        denied,
        denied,
        denied,
      ])
      const erase = (caller: ConsoleCaller) =>
        asCaller(test.db, caller, 'select public.console_erase(null, $1)', [partnerLeadId])
      expect(await Promise.all(people.map(erase))).toEqual([
        1,
        denied,
        denied,
        denied,
        denied,
        denied,
      ])
      const counts = (caller: ConsoleCaller) =>
        asCaller(
          test.db,
          caller,
          "select count(distinct source) as n from public.console_funnel(current_date - 1, current_date) where part = 'page'",
        )
      // Owner, sales and marketing every source (widget, partner-acme); the partner its own.
      expect(await Promise.all(people.map(counts))).toEqual([2, 2, 2, 1, denied, denied])
    },
  )

  it.skipIf(skip)(
    'refuses with 401 a token of another key, an expired one, a malformed one, none, and a removed person',
    async () => {
      const tokens = {
        'another key': await staffToken('sales', {
          secret: 'another-secret-of-at-least-32-characters',
        }),
        expired: await staffToken('sales', { expiresIn: Math.floor(Date.now() / 1000) - 60 }),
        malformed: 'not.a.token',
        removed: await staffToken('removed'),
      }
      for (const [name, token] of Object.entries(tokens)) {
        const reply = await handler(consoleRequest('me', token))
        expect(reply.status, name).toBe(401)
        expect((await reply.json()).error).toMatchObject({
          code: 'unauthenticated',
          message: expect.stringContaining('Sign in again'),
        })
      }
      const none = await handler(consoleRequest('leads', null))
      expect(none.status).toBe(401)
      expect(await (await handler(consoleRequest('me', await staffToken('sales')))).json()).toEqual(
        {
          userId: consoleStaff.sales.userId,
          email: consoleStaff.sales.email,
          role: 'sales',
          sources: [],
        },
      )
    },
  )

  it.skipIf(skip)(
    'never gives marketing or a partner a name, email or phone, on any route',
    async () => {
      const routes: [string, string, unknown?][] = [
        ['GET', 'me'],
        ['GET', 'leads'],
        ['GET', 'leads?q=Lovelace'],
        ['GET', 'leads.csv'],
        ['GET', `leads/${leadId}`],
        ['PATCH', `leads/${leadId}`, { status: 'won' }],
        ['POST', `leads/${leadId}/notes`, { text: 'x' }],
        ['POST', 'erase', { email: sampleContact.email }],
        ['GET', 'audit'],
        ['GET', 'funnel'],
        ['GET', 'funnel.csv'],
        ['GET', 'staff'],
      ]
      for (const person of ['marketing', 'partner'] as const) {
        const token = await staffToken(person)
        for (const [method, path, body] of routes) {
          const reply = await handler(consoleRequest(path, token, { method, body }))
          const text = await reply.text()
          for (const personal of [
            'Ada',
            'Lovelace',
            sampleContact.email,
            sampleContact.phone,
            'Grace',
          ]) {
            expect(text, `${person} ${method} ${path}`).not.toContain(personal)
          }
          const allowed = path === 'me' || path.startsWith('funnel')
          expect(reply.status, `${person} ${method} ${path}: ${text}`).toBe(allowed ? 200 : 403)
        }
      }
      const partnerFunnel = await handler(consoleRequest('funnel', await staffToken('partner')))
      const { bySource } = (await partnerFunnel.json()) as FunnelReport
      expect(bySource).toEqual([
        expect.objectContaining({
          source: 'partner-acme',
          views: 3,
          starts: 2,
          sent: 1,
          booked: 0,
        }),
      ])
    },
  )

  it.skipIf(skip)(
    'records each action on the audit trail, without personal data, for the owner to read',
    async () => {
      await startConsoleSession(test.db, 'sales', auditSession)
      const sales = await staffToken('sales', { sessionId: auditSession })
      const owner = await staffToken('owner')
      await handler(consoleRequest('me', sales))
      await handler(consoleRequest('me', sales))
      const list = await (await handler(consoleRequest('leads?q=lovelace%20%26', sales))).json()
      expect(list.leads.map((lead: { id: string }) => lead.id)).toEqual([leadId])
      // The list page by page: each page is a read of people's details, and on the trail.
      const first = await (await handler(consoleRequest('leads?limit=1', sales))).json()
      await handler(consoleRequest(`leads?limit=1&before=${first.next}`, sales))
      await handler(consoleRequest(`leads/${leadId}`, sales))
      const marked = await handler(
        consoleRequest(`leads/${leadId}`, sales, {
          method: 'PATCH',
          body: { status: 'qualified' },
        }),
      )
      expect(marked.status).toBe(200)
      const noted = await (
        await handler(
          consoleRequest(`leads/${leadId}/notes`, sales, {
            method: 'POST',
            body: { text: 'Call Ada on Monday' },
          }),
        )
      ).json()
      expect(noted.status).toBe('qualified')
      expect(noted.history.at(-1)).toMatchObject({
        kind: 'note_added',
        by: consoleStaff.sales.email,
        text: 'Call Ada on Monday',
      })
      const given = await handler(
        consoleRequest(`leads/${leadId}/owner`, sales, {
          method: 'POST',
          body: { userId: consoleStaff.sales.userId },
        }),
      )
      expect(((await given.json()) as LeadDetail).owner?.email).toBe(consoleStaff.sales.email)
      // Its demo, booked again to have begun an hour ago, marked a no-show (no scheduler's key:
      // ours only).
      const begun = new Date(Date.now() - 60 * 60_000).toISOString()
      await createSqlBookingStore(test.db).apply(
        {
          provider: 'cal',
          bookingId: 'bk-audit',
          requestId: leadId,
          state: 'booked',
          startTime: begun,
          timeZone: '',
          occurredAt: new Date().toISOString(),
        },
        [],
        new Date(),
      )
      const missed = await handler(
        consoleRequest(`leads/${leadId}/meeting`, sales, {
          method: 'POST',
          body: { outcome: 'no_show' },
        }),
      )
      expect(((await missed.json()) as LeadDetail).meeting?.outcome).toBe('no_show')
      const csv = await handler(consoleRequest('leads.csv?q=Ada', sales))
      expect(csv.headers.get('content-type')).toContain('text/csv')
      expect((await csv.text()).split('\r\n').filter(Boolean)).toHaveLength(2)
      const invited = await handler(
        consoleRequest('staff', owner, {
          method: 'POST',
          body: { email: 'new@firm.example', role: 'partner', sources: ['partner-b'] },
        }),
      )
      expect(invited.status).toBe(200)
      const { userId } = await invited.json()
      expect(auth.calls.invite).toEqual([['new@firm.example', 'http://localhost:3000/console']])
      await handler(
        consoleRequest(`staff/${userId}`, owner, {
          method: 'PATCH',
          body: { role: 'marketing', sources: [] },
        }),
      )
      await handler(consoleRequest(`staff/${userId}`, owner, { method: 'DELETE' }))
      expect(auth.calls.removeUser).toEqual([userId])
      const erased = await handler(
        consoleRequest('erase', owner, { method: 'POST', body: { email: 'GRACE@cobol.example' } }),
      )
      expect(await erased.json()).toEqual({ erased: 1 })
      // The owner's Integrations page: a Retry and a test send, each on the trail.
      const retried = await handler(
        consoleRequest('integrations/email/retry', owner, { method: 'POST' }),
      )
      expect(await retried.json()).toEqual({ channel: 'email', retried: 0 })
      const tested = await handler(
        consoleRequest('integrations/email/test', owner, { method: 'POST' }),
      )
      expect(await tested.json()).toEqual({ channel: 'email', ok: true, message: '' })
      // A share link made, opened once without sign-in, and revoked.
      const shared = await (
        await handler(
          consoleRequest('share-links', owner, { method: 'POST', body: { days: 7, sources: [] } }),
        )
      ).json()
      const opened = await handler(
        consoleRequest('shared', null, { method: 'POST', body: { token: shared.token } }),
      )
      expect(opened.status).toBe(200)
      await handler(consoleRequest(`share-links/${shared.link.id}`, owner, { method: 'DELETE' }))
      // A person's own emailed report.
      const chosen = await handler(
        consoleRequest('report', sales, { method: 'PUT', body: { cadence: 'monthly' } }),
      )
      expect(await chosen.json()).toEqual({ cadence: 'monthly' })

      expect((await handler(consoleRequest('audit', sales))).status).toBe(403)
      const page = await (await handler(consoleRequest('audit?limit=100', owner))).json()
      const mine = page.entries
      const actions = mine.map((entry: { action: string }) => entry.action).reverse()
      // Every action the contract names, each recorded by what this test did.
      expect(new Set(actions)).toEqual(new Set(auditActions))
      // One sign-in for the session however many calls it makes.
      const signIns = mine.filter(
        (entry: { action: string; detail: { session?: string } }) =>
          entry.action === 'sign_in' && entry.detail.session === auditSession,
      )
      expect(signIns).toHaveLength(1)
      const text = JSON.stringify(page)
      for (const personal of ['Ada', 'ovelace', sampleContact.email, 'grace', 'Monday']) {
        expect(text).not.toContain(personal)
      }
      // A search's words are not kept, only that there was one; each page its rows and how many
      // the filter matched.
      const listed = mine
        .filter((entry: { action: string }) => entry.action === 'list_leads')
        .map((entry: { detail: unknown }) => entry.detail)
        .reverse()
      expect(listed).toEqual([
        { filter: { searched: true }, rows: 1, matched: 1 },
        { filter: {}, rows: 1, matched: 2 },
        { filter: {}, rows: 1, matched: 2, older: true },
      ])
      expect(mine.find((entry: { action: string }) => entry.action === 'export').detail).toEqual({
        filter: { searched: true },
        rows: 1,
      })
      expect(mine.find((entry: { action: string }) => entry.action === 'erase').detail).toEqual({
        erased: 1,
        by: 'email',
      })
      // The removed person's token no longer opens anything.
      expect(
        await asCaller(test.db, 'owner', 'select count(*) as n from public.console_staff'),
      ).toBe(4)
    },
  )

  it.skipIf(skip)(
    'keeps the trail AUDIT_RETENTION_DAYS: the function role prunes older entries only',
    async () => {
      const count = () =>
        asCaller(test.db, 'owner', 'select count(*) as n from public.console_audit')
      const kept = await count()
      // Written as the superuser: no role may backdate an entry.
      await test.db.query(
        "insert into public.console_audit (at, actor_id, actor_email, action) values (now() - interval '400 days', $1, 'old@firm.example', 'sign_in')",
        [consoleStaff.owner.userId],
      )
      // No date: the retention is the owner's setting, 365 days unless the function set another.
      const prune = 'select public.console_audit_prune() as n'
      expect(await asCaller(test.db, 'owner', prune)).toBe(denied)
      const pruned = await test.db.transaction(async (tx) => {
        await tx.exec('set local role service_role')
        return tx.query<{ n: string }>(prune)
      })
      expect(Number(pruned[0]?.n)).toBe(1)
      expect(await count()).toBe(kept)
    },
  )
})
