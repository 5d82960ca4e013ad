// An owner for every lead (issue 50), on PGlite and PostgreSQL 15: new leads shared in turn
// among the people taking them, even when sent all at once; a rule's person; the booking's host;
// a reassignment by hand that the policies allow owner and sales alone; each on the lead's
// history and the audit trail; "My leads"; and the owner in what the notifications read.
import { describe, expect, it } from 'vitest'
import type { LeadDetail, LeadOwnerChoice, LeadPage } from '#core/console-api.ts'
import type { SqlDatabase } from '#shared/db/sql-database.ts'
import { createSqlNotificationStore } from '#shared/notify/sql-notification-store.ts'
import { bookingStoreFixture } from '../support/booking-store-fixture.ts'
import {
  addConsoleStaff,
  type ConsolePerson,
  consoleStaff,
  queryAs,
} from '../support/console-staff.ts'
import { insertLead } from '../support/insert-lead.ts'
import { sampleNewDemoRequest } from '../support/sample-lead.ts'
import { staffedDatabase } from '../support/staffed-database.ts'
import { testDatabases } from '../support/test-database.ts'

// Two more salespeople beside the fixture's, so three take leads.
const moreSales = [
  { userId: '00000000-0000-4000-8000-0000000000b1', email: 'dana@firm.example' },
  { userId: '00000000-0000-4000-8000-0000000000b2', email: 'eli@firm.example' },
]
const takers = [consoleStaff.sales.userId, ...moreSales.map(({ userId }) => userId)]

async function addSalesTeam(db: SqlDatabase) {
  await addConsoleStaff(db)
  for (const { userId, email } of moreSales) {
    await db.query(
      "insert into public.console_staff (user_id, email, role) values ($1, $2, 'sales')",
      [userId, email],
    )
  }
  await db.query('update public.console_staff set takes_leads = true where user_id = any ($1)', [
    takers,
  ])
}

let sent = 0
const newLead = (change: Partial<typeof sampleNewDemoRequest> = {}) => ({
  ...sampleNewDemoRequest,
  idempotencyKey: `owner-test-${sent++}`,
  ...change,
})

const ownerOf = async (db: SqlDatabase, id: string) =>
  (
    await db.query<{ owner_id: string | null }>(
      'select owner_id from public.demo_requests where id = $1',
      [id],
    )
  )[0]?.owner_id ?? null

describe.each(testDatabases)('lead owners on $name', (database) => {
  const { skip } = database
  const file = staffedDatabase(database, { freshEachTest: true, staff: addSalesTeam })
  const call = file.console

  it.skipIf(skip)(
    'shares 300 leads sent at once among three people within one of each other',
    async () => {
      const ids = await Promise.all(
        Array.from({ length: 300 }, async () => (await insertLead(file.db, newLead())).id),
      )
      const counts = await file.db.query<{ owner_id: string; n: number }>(
        `select owner_id, count(*)::int as n from public.demo_requests
          where id = any ($1) group by owner_id order by owner_id`,
        [ids],
      )
      expect(counts.map(({ owner_id }) => owner_id)).toEqual([...takers].sort())
      const sizes = counts.map(({ n }) => n)
      expect(sizes.reduce((a, b) => a + b)).toBe(300)
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1)
    },
    60_000,
  )

  it.skipIf(skip)(
    'gives no spam, no held lead and no repeat a turn, and nobody a lead when nobody takes them',
    async () => {
      const spam = await insertLead(file.db, newLead({ isSpam: true }))
      expect(await ownerOf(file.db, spam.id)).toBeNull()
      // Beyond the global limit, held for its window's digest.
      const [held] = await file.db.query<{ request_id: string; held: boolean }>(
        `select request_id, held from public.accept_demo_request($1::jsonb, $2, now(), 100, 0, now() + interval '1 minute')`,
        [
          JSON.stringify({
            first_name: 'H',
            last_name: 'L',
            company_name: 'C',
            company_size: '1-5 employees',
            idempotency_key: 'held-1',
          }),
          'f'.repeat(64),
        ],
      )
      expect(held?.held).toBe(true)
      expect(await ownerOf(file.db, held?.request_id ?? '')).toBeNull()
      // A repeat is answered with the first lead and takes no turn: the next two go on in order.
      const first = newLead()
      const a = await insertLead(file.db, first)
      await insertLead(file.db, first)
      const b = await insertLead(file.db, newLead())
      const c = await insertLead(file.db, newLead())
      const owners = [
        await ownerOf(file.db, a.id),
        await ownerOf(file.db, b.id),
        await ownerOf(file.db, c.id),
      ]
      expect(new Set(owners).size).toBe(3)
      await file.db.query('update public.console_staff set takes_leads = false')
      expect(await ownerOf(file.db, (await insertLead(file.db, newLead())).id)).toBeNull()
    },
  )

  it.skipIf(skip)(
    "gives a lead to a rule's person, whatever the case of the email, and in turn when they are not on the staff",
    async () => {
      const ruled = await insertLead(file.db, newLead({ ownerEmail: 'DANA@firm.example' }))
      expect(await ownerOf(file.db, ruled.id)).toBe(moreSales[0]?.userId)
      const stranger = await insertLead(file.db, newLead({ ownerEmail: 'nobody@else.example' }))
      expect(takers).toContain(await ownerOf(file.db, stranger.id))
      const detail = (await (await call('owner', `leads/${ruled.id}`)).json()) as LeadDetail
      expect(detail.owner).toEqual({ userId: moreSales[0]?.userId, email: 'dana@firm.example' })
      expect(detail.history.filter(({ kind }) => kind === 'owner_change')).toEqual([
        expect.objectContaining({ by: null, text: 'dana@firm.example', via: 'rule' }),
      ])
    },
  )

  it.skipIf(skip)(
    "makes the booking's host on the staff the owner, on the history and the trail, once",
    async () => {
      await file.db.query('update public.console_staff set takes_leads = false')
      const lead = await insertLead(file.db, newLead())
      const bookings = bookingStoreFixture(file.db)
      // A host who is not on the staff changes nothing.
      await bookings.apply({ bookingId: 'bk-x', requestId: lead.id, hostEmail: 'h@agency.example' })
      expect(await ownerOf(file.db, lead.id)).toBeNull()
      // A second booking newer than the first is the lead's now: its host takes it.
      await bookings.apply({
        bookingId: 'bk-2',
        requestId: lead.id,
        hostEmail: 'Eli@Firm.example',
        occurredAt: '2026-11-26T10:00:02.000Z',
      })
      expect(await ownerOf(file.db, lead.id)).toBe(moreSales[1]?.userId)
      // Sales give it back by hand; the same delivery again does not take it from them.
      expect(
        (
          await call('sales', `leads/${lead.id}/owner`, {
            method: 'POST',
            body: { userId: consoleStaff.sales.userId },
          })
        ).status,
      ).toBe(200)
      await bookings.apply({
        bookingId: 'bk-2',
        requestId: lead.id,
        hostEmail: 'Eli@Firm.example',
        occurredAt: '2026-11-26T10:00:02.000Z',
      })
      expect(await ownerOf(file.db, lead.id)).toBe(consoleStaff.sales.userId)
      const detail = (await (await call('owner', `leads/${lead.id}`)).json()) as LeadDetail
      expect(
        detail.history
          .filter(({ kind }) => kind === 'owner_change')
          .map(({ by, text, via }) => ({ by, text, via })),
      ).toEqual([
        { by: null, text: 'eli@firm.example', via: 'booking' },
        { by: consoleStaff.sales.email, text: consoleStaff.sales.email, via: 'hand' },
      ])
      const trail = await file.db.query<{ actor_email: string; detail: Record<string, unknown> }>(
        "select actor_email, detail from public.console_audit where action = 'assign' and lead_id = $1 order by id",
        [lead.id],
      )
      expect(trail).toEqual([
        { actor_email: 'system', detail: { owner: moreSales[1]?.userId, via: 'booking' } },
        {
          actor_email: consoleStaff.sales.email,
          detail: { owner: consoleStaff.sales.userId, via: 'hand' },
        },
      ])
    },
  )

  it.skipIf(skip)(
    'lets owner and sales reassign, and has the policies refuse marketing and partners',
    async () => {
      const lead = await insertLead(file.db, newLead())
      const to = (userId: string) => ({ method: 'POST', body: { userId } })
      for (const person of ['owner', 'sales'] as const) {
        const reply = await call(person, `leads/${lead.id}/owner`, to(moreSales[0]?.userId ?? ''))
        expect(reply.status).toBe(200)
        expect(((await reply.json()) as LeadDetail).owner?.email).toBe('dana@firm.example')
      }
      for (const person of ['marketing', 'partner'] as const) {
        const reply = await call(person, `leads/${lead.id}/owner`, to(consoleStaff.sales.userId))
        expect(reply.status).toBe(403)
        // By the database itself, not only the route: the insert is refused as that person.
        expect(
          await queryAs(
            file.db,
            person,
            "insert into public.console_lead_changes (lead_id, kind, value, owner_id) values ($1, 'owner', '-', $2)",
            [lead.id, consoleStaff.sales.userId],
          ),
        ).toBe('42501')
      }
      // Only a person who reads leads may own one.
      const toMarketing = await call(
        'owner',
        `leads/${lead.id}/owner`,
        to(consoleStaff.marketing.userId),
      )
      expect(toMarketing.status).toBe(400)
      expect(await ownerOf(file.db, lead.id)).toBe(moreSales[0]?.userId)
      const owners = (await (await call('sales', 'owners')).json()) as LeadOwnerChoice[]
      expect(owners.map(({ email }) => email).sort()).toEqual(
        [
          'dana@firm.example',
          'eli@firm.example',
          consoleStaff.owner.email,
          consoleStaff.sales.email,
        ].sort(),
      )
      expect((await call('marketing', 'owners')).status).toBe(403)
    },
  )

  it.skipIf(skip)('filters "My leads" and the leads nobody owns', async () => {
    await file.db.query('update public.console_staff set takes_leads = false')
    const nobody = await insertLead(file.db, newLead())
    const mine = await insertLead(file.db, newLead())
    await call('owner', `leads/${mine.id}/owner`, {
      method: 'POST',
      body: { userId: consoleStaff.sales.userId },
    })
    const page = async (person: ConsolePerson, owner: string) =>
      ((await (await call(person, `leads?owner=${owner}`)).json()) as LeadPage).leads.map(
        ({ id, owner: who }) => [id, who?.email ?? null],
      )
    expect(await page('sales', 'me')).toEqual([[mine.id, consoleStaff.sales.email]])
    expect(await page('owner', 'me')).toEqual([])
    expect(await page('sales', 'nobody')).toEqual([[nobody.id, null]])
    expect((await call('sales', 'leads?owner=someone')).status).toBe(400)
  })

  it.skipIf(skip)(
    "names the owner in what the notifications read, and lets a removed person's leads go",
    async () => {
      const lead = await insertLead(file.db, newLead({ ownerEmail: consoleStaff.sales.email }))
      const store = createSqlNotificationStore(file.db)
      const [claimed] = await store.claimDue({
        channels: ['email'],
        leadId: lead.id,
        limit: 1,
        leaseSeconds: 60,
        now: new Date(),
      })
      expect(claimed?.lead.owner).toEqual({ email: consoleStaff.sales.email, name: null })
      await file.db.query('delete from public.console_staff where user_id = $1', [
        consoleStaff.sales.userId,
      ])
      expect(await ownerOf(file.db, lead.id)).toBeNull()
    },
  )

  it.skipIf(skip)(
    'marks owner and sales as taking leads in People, and no other role',
    async () => {
      const patch = (person: keyof typeof consoleStaff, body: unknown) =>
        call('owner', `staff/${consoleStaff[person].userId}`, { method: 'PATCH', body })
      const marked = await patch('owner', { role: 'owner', sources: [], takesLeads: true })
      expect(((await marked.json()) as { takesLeads: boolean }).takesLeads).toBe(true)
      expect(
        (await patch('marketing', { role: 'marketing', sources: [], takesLeads: true })).status,
      ).toBe(400)
      // A salesperson made marketing stops taking leads with it.
      const moved = await patch('sales', { role: 'marketing', sources: [] })
      expect(((await moved.json()) as { takesLeads: boolean }).takesLeads).toBe(false)
    },
  )
})
