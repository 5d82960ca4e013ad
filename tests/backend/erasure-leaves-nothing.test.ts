// Erasing a person leaves no trace of them in any table, on PGlite and PostgreSQL 15: their
// leads with everything around them (notifications, a booking and its notice, a booking no
// lead had claimed yet, the funnel's marks and sums, owners, a status and a note, the audit
// trail of every read and change) are stored, the owner erases them by email, and then every row of
// every table of every schema is read as text and searched for what they gave.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BookingEvent } from '#shared/booking/booking-event.ts'
import { createSqlBookingStore } from '#shared/booking/sql-booking-store.ts'
import type { SqlDatabase } from '#shared/db/sql-database.ts'
import {
  addConsoleStaff,
  consoleHandlerOn,
  consoleRequest,
  consoleStaff,
  staffToken,
} from '../support/console-staff.ts'
import { insertLead } from '../support/insert-lead.ts'
import { sampleNewDemoRequest } from '../support/sample-lead.ts'
import { type TestDatabase, testDatabases } from '../support/test-database.ts'

const person = {
  ...sampleNewDemoRequest,
  firstName: 'Jolanta',
  lastName: 'Quarrington',
  companyName: 'Quarrington Widgets Ltd',
  email: 'jolanta.quarrington@qwidgets.example',
  phone: '+44 20 7946 0815',
  phoneE164: '+442079460815',
  role: 'Head of Procurement',
  message: 'Please ring after ten, ask for Jolanta.',
  referrer: 'https://search.example/?q=quarrington',
  userAgent: 'Mozilla/5.0 (QuarringtonBook)',
}

// Whatever of theirs could be matched to them: as they typed it, and their bookings' ids.
const traces = [
  'jolanta',
  'quarrington',
  'qwidgets',
  '7946 0815',
  '2079460815',
  'head of procurement',
  'ring after ten',
  'cal-booking-of-jolanta',
  'cal-booking-unclaimed',
]

// Every row of every table the database holds, outside the system's own catalogues, as text.
async function everything(db: SqlDatabase): Promise<Map<string, string>> {
  const tables = await db.query<{ name: string }>(
    `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
      where table_type = 'BASE TABLE'
        and table_schema not in ('pg_catalog', 'information_schema')
        and table_schema not like 'pg\\_%'
      order by 1`,
  )
  const dump = new Map<string, string>()
  for (const { name } of tables) {
    const rows = await db.query<{ row: string }>(`select t::text as row from ${name} t`)
    dump.set(name, rows.map((row) => row.row).join('\n'))
  }
  return dump
}

function found(dump: Map<string, string>, words: string[]) {
  return [...dump].flatMap(([table, text]) =>
    words.filter((word) => text.toLowerCase().includes(word)).map((word) => `${word} in ${table}`),
  )
}

const booking = (over: Partial<BookingEvent>): BookingEvent => ({
  provider: 'cal',
  bookingId: 'cal-booking-of-jolanta',
  requestId: undefined,
  state: 'booked',
  startTime: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  timeZone: 'Europe/London',
  occurredAt: new Date().toISOString(),
  ...over,
})

describe.each(testDatabases)('erasing a person on $name', ({ open, skip }) => {
  let test: TestDatabase

  beforeAll(async () => {
    if (skip) return
    test = await open()
  }, 120_000)
  afterAll(() => test?.close())

  it.skipIf(skip)(
    'leaves nothing of them in any table, bookings no lead claimed included',
    async () => {
      const db = test.db
      await addConsoleStaff(db)
      // Sales takes leads in turn: the person's leads get an owner as they arrive.
      await db.query("update public.console_staff set takes_leads = true where role = 'sales'")
      const handler = consoleHandlerOn(db)
      const first = await insertLead(db, person)
      // The same person again, the address typed with capitals.
      const second = await insertLead(db, {
        ...person,
        email: 'Jolanta.Quarrington@qwidgets.example',
        companyName: 'Quarrington Widgets',
      })
      // Someone else, who stays.
      await insertLead(db, { ...sampleNewDemoRequest, email: 'ada@lovelace.example' })

      await db.query(
        `insert into public.demo_request_notifications (lead_id, channel, status, sent_at, last_error)
          values ($1, 'email', 'sent', now(), null),
            ($1, 'webhook', 'failed', null, 'HTTP 422: jolanta.quarrington@qwidgets.example is taken'),
            ($2, 'email', 'sent', now(), null)`,
        [first.id, second.id],
      )
      const bookings = createSqlBookingStore(db, { role: 'service_role' })
      await bookings.apply(booking({ requestId: first.id }), ['email'], new Date())
      // Cal.com's confirmation of a second booking, before the request naming the lead: kept
      // unclaimed for the delivery that names it.
      await bookings.apply(booking({ bookingId: 'cal-booking-unclaimed' }), ['email'], new Date())
      // The funnel's sums of today's leads, as a compaction after midnight writes them.
      await db.query("select public.demo_request_funnel_compact(current_date + 1, 'UTC')")

      // Sales at work: a search, the list, the lead, a status, a note, an export.
      const sales = await staffToken('sales')
      for (const [path, method, body] of [
        ['leads?q=Quarrington', 'GET'],
        ['leads', 'GET'],
        [`leads/${first.id}`, 'GET'],
        [`leads/${first.id}`, 'PATCH', { status: 'contacted' }],
        [`leads/${first.id}/notes`, 'POST', { text: 'Jolanta wants a call after ten' }],
        [`leads/${second.id}/owner`, 'POST', { userId: consoleStaff.owner.userId }],
        ['leads.csv?q=jolanta', 'GET'],
      ] as const) {
        const reply = await handler(consoleRequest(path, sales, { method, body }))
        expect(reply.status, path).toBe(200)
        await reply.text()
      }
      expect(found(await everything(db), traces).length).toBeGreaterThan(0)

      const owner = await staffToken('owner')
      const erased = await handler(
        consoleRequest('erase', owner, {
          method: 'POST',
          body: { email: 'JOLANTA.QUARRINGTON@qwidgets.example' },
        }),
      )
      expect(await erased.json()).toEqual({ erased: 2 })
      // All that the database could find them by is gone; the booking no lead claimed holds no
      // email or name to be found by, and waits for the delivery naming its lead.
      const linked = traces.filter((trace) => trace !== 'cal-booking-unclaimed')
      expect(found(await everything(db), linked)).toEqual([])
      // Cal.com's request naming the erased lead arrives late: its booking is not kept either.
      await bookings.apply(
        booking({ bookingId: 'cal-booking-unclaimed', requestId: second.id, state: 'requested' }),
        ['email'],
        new Date(),
      )
      // And the next compaction sums their day afresh.
      await db.query("select public.demo_request_funnel_compact(current_date + 1, 'UTC')")

      const dump = await everything(db)
      expect(found(dump, traces)).toEqual([])
      // The dump does read the rows: the other person's lead is there.
      expect(dump.get('public.demo_requests')).toContain('ada@lovelace.example')
    },
  )
})
