// The emailed funnel reports, on PGlite and PostgreSQL 15, through the backend as its settings
// build it and the email API's stand-in: a week of counts in the past reaches each person who
// chose a report once, however many runs meet and whichever dies mid-way, in their own bounds
// (a partner's names no other source), with the console's numbers; monthly ones on the 1st; and
// the one-click unsubscribe stops the next.
import { describe, expect, it } from 'vitest'
import { type FunnelReport, funnelStepNames, type ReportCadence } from '#core/console-api.ts'
import { funnelStepLabels } from '#core/funnel-step-words.ts'
import type { SqlDatabase } from '#shared/db/sql-database.ts'
import { count } from '#shared/reports/report-copy.ts'
import { reportKey } from '#shared/reports/report-job.ts'
import { createSqlReportStore } from '#shared/reports/sql-report-store.ts'
import { backendAt } from '../support/configured-backend.ts'
import { type ConsolePerson, consoleStaff, queryAs } from '../support/console-staff.ts'
import { startEmailApiStandIn } from '../support/email-api-stand-in.ts'
import { countViews } from '../support/funnel-views.ts'
import { staffedDatabase } from '../support/staffed-database.ts'
import { testDatabases } from '../support/test-database.ts'

const dayMs = 86_400_000
const dayText = (at: number) => new Date(at).toISOString().slice(0, 10)
const today = dayText(Date.now())
// The next Monday after today (UTC, the zone here): the week before it is this week, in the past
// by the time that Monday's job runs, and the people choosing today chose before it.
const monday = dayText(Date.parse(today) + ((8 - new Date(today).getUTCDay()) % 7 || 7) * dayMs)
const weekFrom = dayText(Date.parse(monday) - 7 * dayMs)
const weekTo = dayText(Date.parse(monday) - dayMs)
const at = (day: string, hour = 8) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`)

const acme = 'https://acme-law.example/injury'
const globex = 'https://globex-legal.example/demo'
const ours = 'https://firm.example/request-demo'

const views = (db: SqlDatabase, day: string, source: string, page: string, n: number) =>
  countViews(
    db,
    day,
    {
      source,
      page,
      utmSource: source === 'firm-site' ? 'newsletter' : '',
      utmCampaign: source === 'firm-site' ? 'autumn' : '',
      events: [{ event: 'shown' }, { event: 'started' }, { event: 'field-empty', field: 'email' }],
    },
    { times: n },
  )

describe.each(testDatabases)('emailed funnel reports on $name', (database) => {
  const { skip } = database
  const file = staffedDatabase(database, {
    standIns: { email: startEmailApiStandIn },
    freshEachTest: true,
  })

  // One process of the backend as its settings build it, on the clock given.
  const backend = (clock: Date) =>
    backendAt(
      file.db,
      {
        RESEND_API_KEY: 're_test',
        NOTIFY_EMAIL_TO: 'sales@firm.example',
        RESEND_API_URL: file.email.url,
        CONSOLE_URL: 'https://firm.example/console',
        SUPABASE_URL: 'https://project.supabase.example',
        SALES_TIME_ZONE: 'UTC',
        NOTIFY_TIMEOUT_MS: '1000',
      },
      clock,
    )

  const choose = async (person: ConsolePerson, cadence: ReportCadence) => {
    const reply = await file.console(person, 'report', { method: 'PUT', body: { cadence } })
    expect(reply.status).toBe(200)
  }
  const funnelOf = async (person: ConsolePerson, from: string, to: string) => {
    const reply = await file.console(person, `funnel?from=${from}&to=${to}`)
    return (await reply.json()) as FunnelReport
  }
  const reportsTo = (person: ConsolePerson) =>
    file.email.delivered.filter(
      (request) => (request.body.to as string[])[0] === consoleStaff[person].email,
    )

  it.skipIf(skip)(
    'sends each weekly report once, across two runs at once and a run that died, in its bounds',
    async () => {
      for (const [offset, n] of [
        [-7, 1],
        [-3, 2],
        [0, 3],
        [6, 2],
      ] as const) {
        const day = dayText(Date.parse(weekFrom) + offset * dayMs)
        await views(file.db, day, 'partner-acme', acme, n)
        await views(file.db, day, 'firm-site', ours, n + 1)
        await views(file.db, day, 'partner-globex', globex, 1)
      }
      await choose('owner', 'weekly')
      await choose('partner', 'weekly')
      // Each sets only their own: a row for another person is refused by the policies.
      expect(
        await queryAs(
          file.db,
          'sales',
          "insert into public.console_report_choices (user_id, cadence) values ($1, 'weekly')",
          [consoleStaff.owner.userId],
        ),
      ).toBe('42501')
      expect(
        await queryAs(file.db, 'sales', 'select user_id from public.console_report_choices'),
      ).toEqual([])
      const trail = await file.db.query<{ actor_email: string }>(
        "select actor_email from public.console_audit where action = 'report_change' order by id",
      )
      expect(trail.map((row) => row.actor_email)).toEqual([
        consoleStaff.owner.email,
        consoleStaff.partner.email,
      ])

      // A run that claimed the owner's report at 7:00 and died before sending it: its claim
      // holds until 9:00.
      const [died] = await createSqlReportStore(file.db, { role: 'service_role' }).claimDue({
        now: at(monday, 7),
        timeZone: 'UTC',
        leaseSeconds: 7200,
        limit: 1,
      })
      expect(died?.email).toBe(consoleStaff.owner.email)

      // Two processes' runs at once at 8:00 send the partner's; a run after a restart, at 10:00,
      // the owner's; one more sends nothing.
      const runs = await Promise.all([
        backend(at(monday)).jobs.run(),
        backend(at(monday)).jobs.run(),
      ])
      expect(runs.map((run) => run.reports?.sent ?? 0).reduce((a, b) => a + b)).toBe(1)
      expect((await backend(at(monday, 10)).jobs.run()).reports).toEqual({ sent: 1, failed: 0 })
      expect((await backend(at(monday, 11)).jobs.run()).reports).toEqual({ sent: 0, failed: 0 })

      expect(file.email.received).toHaveLength(2)
      const [owner] = reportsTo('owner')
      const [partner] = reportsTo('partner')
      expect(reportsTo('owner')).toHaveLength(1)
      expect(reportsTo('partner')).toHaveLength(1)
      expect(owner?.headers['idempotency-key']).toBe(
        reportKey({ userId: consoleStaff.owner.userId, cadence: 'weekly', from: weekFrom }),
      )

      // The numbers are the console's for the same days, each step with the week before.
      for (const [person, sent] of [
        ['owner', owner],
        ['partner', partner],
      ] as const) {
        const text = String(sent?.body.text)
        const funnel = await funnelOf(person, weekFrom, weekTo)
        expect(funnel.totals.views).toBeGreaterThan(0)
        for (const step of funnelStepNames) {
          expect(text).toContain(
            `${funnelStepLabels[step]}: ${count(funnel.totals[step])} (${count(funnel.previous.totals[step])},`,
          )
        }
        const left = funnel.fields.find((field) => field.field === 'email')
        expect(left?.leftEmpty).toBeGreaterThan(0)
        expect(text).toContain(`${left?.label}: left empty ${count(left?.leftEmpty ?? 0)} times`)
        expect(text).toContain(
          `https://firm.example/console?view=funnel&range=custom&from=${weekFrom}&to=${weekTo}`,
        )
      }
      // A partner's report names its own source and page, and no other.
      const partnerEmail = [partner?.body.subject, partner?.body.html, partner?.body.text].join(
        '\n',
      )
      expect(String(partner?.body.html)).toContain('partner-acme')
      expect(String(partner?.body.text)).toContain(acme)
      for (const other of [
        'firm-site',
        'partner-globex',
        'firm.example/request-demo',
        'globex',
        'newsletter',
      ]) {
        expect(partnerEmail).not.toContain(other)
      }
      expect(String(owner?.body.text)).toContain('partner-globex')
      expect(String(owner?.body.text)).toContain('newsletter / autumn')

      // One click in the partner's mail client: a POST to the header's address, no sign-in.
      const headers = partner?.body.headers as Record<string, string>
      expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
      const link =
        /^<(https:\/\/project\.supabase\.example\/functions\/v1\/send-demo-request\/unsubscribe\?token=[0-9a-f]{64})>$/.exec(
          headers['List-Unsubscribe'] ?? '',
        )?.[1]
      expect(link).toBeDefined()
      expect(String(partner?.body.html)).toContain(String(link))
      const handler = backend(at(monday, 12)).handler
      const looked = await handler(new Request(String(link)))
      expect(looked.status).toBe(200)
      expect(
        await queryAs(file.db, 'partner', 'select cadence from public.console_report_choices'),
      ).toEqual([{ cadence: 'weekly' }])
      const clicked = await handler(
        new Request(String(link), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'List-Unsubscribe=One-Click',
        }),
      )
      expect(clicked.status).toBe(200)
      expect(clicked.headers.get('x-robots-tag')).toBe('noindex')
      expect(
        await queryAs(file.db, 'partner', 'select cadence from public.console_report_choices'),
      ).toEqual([])
      const forged = await handler(
        new Request(String(link).replace(/token=.{8}/, 'token=00000000'), { method: 'POST' }),
      )
      expect(forged.status).toBe(404)
      const [unsubscribed] = await file.db.query<{ actor_email: string; detail: unknown }>(
        "select actor_email, detail from public.console_audit where action = 'report_change' order by id desc limit 1",
      )
      expect(unsubscribed).toEqual({
        actor_email: consoleStaff.partner.email,
        detail: { report: 'none', was: 'weekly', via: 'unsubscribe' },
      })

      // The next Monday: the owner's next report, none for the partner.
      const next = dayText(Date.parse(monday) + 7 * dayMs)
      expect((await backend(at(next)).jobs.run()).reports).toEqual({ sent: 1, failed: 0 })
      expect(reportsTo('owner')).toHaveLength(2)
      expect(reportsTo('partner')).toHaveLength(1)
    },
    120_000,
  )

  it.skipIf(skip)('sends a monthly report on the 1st, of the month before, once', async () => {
    const first = dayText(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 1))
    const monthFrom = `${today.slice(0, 7)}-01`
    await views(file.db, monthFrom, 'firm-site', ours, 2)
    await choose('marketing', 'monthly')
    const lastDay = dayText(Date.parse(first) - dayMs)
    // The month is not over on its last day, and the month before was not chosen.
    expect((await backend(at(lastDay, 23)).jobs.run()).reports).toEqual({ sent: 0, failed: 0 })
    // The email API takes the report on the 1st, but its reply is lost: the run counts it failed.
    file.email.script('late')
    expect((await backend(at(first, 6)).jobs.run()).reports).toEqual({ sent: 0, failed: 1 })
    file.email.releaseLate()
    // The next run sends the same request under the same key, which the API answers without a
    // second email; then nothing is due, the next day either.
    expect((await backend(at(first, 7)).jobs.run()).reports).toEqual({ sent: 1, failed: 0 })
    expect((await backend(at(dayText(Date.parse(first) + dayMs))).jobs.run()).reports).toEqual({
      sent: 0,
      failed: 0,
    })
    expect(file.email.received).toHaveLength(2)
    expect(file.email.received[1]?.raw).toBe(file.email.received[0]?.raw)
    const [sent] = reportsTo('marketing')
    expect(file.email.delivered).toHaveLength(1)
    const funnel = await funnelOf('marketing', monthFrom, lastDay)
    expect(String(sent?.body.subject)).toContain(`${count(funnel.totals.views)} views`)
    expect(String(sent?.body.text)).toContain(`from=${monthFrom}&to=${lastDay}`)
  })
})
