// The funnel for a range of days, on PGlite and PostgreSQL 15: what console_funnel lets each
// role read (a partner its own sources, and nothing of another's, decided in Postgres), that the
// console's GET /funnel and /funnel.csv show the numbers `npm run insights` prints for the same
// days, that campaigns past ANALYTICS_SOURCE_CAMPAIGNS_MAX fold into 'other', and that the day
// sums the compaction keeps say what the counters say.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FunnelReport } from '#core/console-api.ts'
import { funnelReportOf, totalsOfRows } from '#shared/analytics/funnel-report.ts'
import { insightsCsv } from '#shared/analytics/insights-format.ts'
import { buildInsights, reportDays } from '#shared/analytics/insights-report.ts'
import { createSqlFunnelStore } from '#shared/analytics/sql-funnel-store.ts'
import type { ConsoleHandler } from '#shared/console/console-handler.ts'
import type { SqlDatabase } from '#shared/db/sql-database.ts'
import {
  addConsoleStaff,
  type ConsolePerson,
  consoleHandlerOn,
  consoleRequest,
  queryAs,
  staffToken,
} from '../support/console-staff.ts'
import { insertLead } from '../support/insert-lead.ts'
import { sampleNewDemoRequest } from '../support/sample-lead.ts'
import { type TestDatabase, testDatabases } from '../support/test-database.ts'

const bounds = { sourcePages: 200, originPairs: 1000, sourceCampaigns: 50 }
const dayMs = 24 * 60 * 60 * 1000
const today = new Date().toISOString().slice(0, 10)
const daysAgo = (n: number) => new Date(Date.parse(today) - n * dayMs).toISOString().slice(0, 10)

// Runs `sql` as the person and rolls back: the rows, or the SQLSTATE it was refused with.
const asPerson = (db: SqlDatabase, person: ConsolePerson | 'anon', sql: string) =>
  queryAs(db, person, sql)

async function batch(
  db: SqlDatabase,
  day: string,
  source: string,
  page: string,
  utm: [string, string] = ['', ''],
  events: string[] = ['shown', 'started'],
  campaigns = bounds.sourceCampaigns,
) {
  const counted = await createSqlFunnelStore(db).countBatch(
    {
      source,
      page,
      utmSource: utm[0],
      utmCampaign: utm[1],
      events: events.map((event) =>
        event === 'field-empty' ? { event, field: 'email' } : { event },
      ),
    } as Parameters<ReturnType<typeof createSqlFunnelStore>['countBatch']>[0],
    day,
    { clientKey: 'c'.repeat(64), windowStart: new Date(), clientMax: 1_000_000 },
    { ...bounds, sourceCampaigns: campaigns },
  )
  expect(counted).toBe(true)
}

async function lead(db: SqlDatabase, source: string, page: string, utm: [string, string] | null) {
  const { id } = await insertLead(db, { ...sampleNewDemoRequest, source, pageUrl: page })
  await db.query(
    'update public.demo_requests set utm_source = $2, utm_campaign = $3 where id = $1',
    [id, utm?.[0] ?? null, utm?.[1] ?? null],
  )
  return id
}

const sourcesOf = (rows: Record<string, unknown>[] | string) =>
  typeof rows === 'string'
    ? rows
    : [...new Set(rows.filter((row) => row.part === 'page').map((row) => row.source))].sort()

describe.each(testDatabases)('the funnel on $name', ({ open, skip }) => {
  let test: TestDatabase
  let handler: ConsoleHandler
  const acme = 'https://acme.example/injury'
  const other = 'https://other.example/'
  const site = 'https://firm.example/request-demo'

  beforeAll(async () => {
    if (skip) return
    test = await open()
    const db = test.db
    await addConsoleStaff(db)
    await batch(db, today, 'partner-acme', acme, ['news', 'spring'])
    await batch(db, today, 'partner-acme', acme, ['', ''], ['shown', 'field-empty'])
    await batch(db, daysAgo(1), 'partner-other', other)
    await batch(db, daysAgo(3), 'site', site, ['ads', 'brand'])
    await lead(db, 'partner-acme', `${acme}?utm_campaign=spring`, ['news', 'spring'])
    await lead(db, 'site', site, null)
    handler = consoleHandlerOn(db)
  }, 120_000)
  afterAll(() => test?.close())

  const report = (from: string, to: string, source: string | null = null): Promise<FunnelReport> =>
    createSqlFunnelStore(test.db)
      .report({ from, to, source, timeZone: 'UTC', sourceCampaigns: bounds.sourceCampaigns })
      .then((rows) => funnelReportOf(rows, { from, to, source, timeZone: 'UTC' }, null))

  it.skipIf(skip)(
    'gives the staff every source, a partner its own, and others nothing',
    async () => {
      const call = (source: string | null) =>
        `select * from public.console_funnel('${daysAgo(29)}', '${today}'${source ? `, '${source}'` : ''})`
      const all = ['partner-acme', 'partner-other', 'site']
      for (const person of ['owner', 'sales', 'marketing'] as const) {
        expect(sourcesOf(await asPerson(test.db, person, call(null)))).toEqual(all)
        expect(sourcesOf(await asPerson(test.db, person, call('site')))).toEqual(['site'])
      }
      expect(sourcesOf(await asPerson(test.db, 'partner', call(null)))).toEqual(['partner-acme'])
      // Asking for another's source: no rows at all, not even its days or campaigns.
      expect(await asPerson(test.db, 'partner', call('partner-other'))).toEqual([])
      expect(await asPerson(test.db, 'removed', call(null))).toBe('42501')
      expect(await asPerson(test.db, 'anon', call(null))).toBe('42501')
      // The report itself is the function's role's alone.
      expect(
        await asPerson(
          test.db,
          'owner',
          `select * from public.demo_request_funnel_range_report('${today}', '${today}')`,
        ),
      ).toBe('42501')
    },
  )

  it.skipIf(skip)(
    'shows in the console the numbers npm run insights prints for those days',
    async () => {
      const { since, until } = reportDays(new Date(), 30)
      const query = `funnel?from=${since}&to=${until}`
      const reply = await handler(consoleRequest(query, await staffToken('marketing')))
      expect(reply.status).toBe(200)
      const shown = (await reply.json()) as FunnelReport
      expect(shown).toEqual(await report(since, until))
      expect(shown.totals).toMatchObject({ views: 4, starts: 3, sent: 2, routed: 0 })
      expect(shown.days.find((day) => day.day === today)).toMatchObject({ views: 2, sent: 2 })
      expect(shown.byCampaign).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ utmSource: 'news', utmCampaign: 'spring', views: 1, sent: 1 }),
          expect.objectContaining({ utmSource: 'ads', utmCampaign: 'brand', views: 1, sent: 0 }),
          expect.objectContaining({ utmSource: '', utmCampaign: '', views: 2, sent: 1 }),
        ]),
      )
      // The lead's page is kept without its query, and met its views there.
      expect(shown.byPage).toContainEqual(
        expect.objectContaining({ source: 'partner-acme', page: acme, views: 2, sent: 1 }),
      )
      expect(shown.fields).toMatchObject([{ field: 'email', leftEmpty: 1 }])

      // The CSV is `npm run insights -- --csv`'s for the same days, made by the same code.
      const csv = await handler(
        consoleRequest(`funnel.csv?from=${since}&to=${until}`, await staffToken('owner')),
      )
      expect(csv.status).toBe(200)
      const rows = await createSqlFunnelStore(test.db).report({
        from: since,
        to: until,
        source: null,
        timeZone: 'UTC',
        sourceCampaigns: bounds.sourceCampaigns,
      })
      const printed = insightsCsv(buildInsights(totalsOfRows(rows, since), { since, until }))
      expect(await csv.text()).toBe(printed)
      expect(printed.split('\r\n').filter(Boolean)).toHaveLength(4)
      const [entry] = await test.db.query<{ detail: Record<string, unknown> }>(
        "select detail from public.console_audit where action = 'export'",
      )
      expect(entry?.detail).toMatchObject({ funnel: true, from: since, to: until })
    },
  )

  it.skipIf(skip)('keeps a partner to its own, through the handler too', async () => {
    const token = await staffToken('partner')
    const own = (await (await handler(consoleRequest('funnel', token))).json()) as FunnelReport
    expect(own.sources).toEqual(['partner-acme'])
    expect(own.bySource.map((row) => row.source)).toEqual(['partner-acme'])
    expect(own.totals).toMatchObject({ views: 2, starts: 1, sent: 1 })
    const theirs = await handler(consoleRequest('funnel?source=partner-other', token))
    expect(theirs.status).toBe(200)
    const body = (await theirs.json()) as FunnelReport
    expect(body.byPage).toEqual([])
    expect(body.totals.views).toBe(0)
    const csv = await handler(consoleRequest('funnel.csv?source=partner-other', token))
    expect((await csv.text()).split('\r\n').filter(Boolean)).toHaveLength(1)
  })

  it.skipIf(skip)('refuses a range it cannot read, saying why', async () => {
    const token = await staffToken('owner')
    const asked = async (query: string) => {
      const reply = await handler(consoleRequest(`funnel?${query}`, token))
      return [reply.status, ((await reply.json()) as { error: { message: string } }).error.message]
    }
    expect(await asked('from=2026-02-30')).toEqual([
      400,
      expect.stringMatching(/from must be a date/),
    ])
    expect(await asked('from=2026-03-02&to=2026-03-01')).toEqual([
      400,
      expect.stringMatching(/must not be after/),
    ])
    expect(await asked('from=2025-01-01&to=2026-03-01')).toEqual([
      400,
      expect.stringMatching(/at most 366 days/),
    ])
  })

  it.skipIf(skip)("folds a source's campaigns past the bound into 'other'", async () => {
    const day = daysAgo(40)
    for (const name of ['a', 'b', 'c', 'd']) {
      await batch(test.db, day, 'site', site, ['mail', name], ['shown'], 2)
    }
    const { byCampaign } = await report(day, day)
    const names = byCampaign.map((row) => `${row.utmSource}/${row.utmCampaign}:${row.views}`)
    expect(names.sort()).toEqual(['mail/a:1', 'mail/b:1', 'other/other:2'])
  })

  it.skipIf(skip)(
    'admits no more campaigns than the bound, however many batches come at once',
    async () => {
      const day = daysAgo(41)
      await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          batch(test.db, day, 'site', site, ['flood', `c${i}`], ['shown'], 5),
        ),
      )
      const [kept] = await test.db.query<{ own: number; other: number }>(
        `select count(*) filter (where utm_source <> 'other')::int as own,
         count(*) filter (where utm_source = 'other')::int as other
       from public.demo_request_funnel_campaigns where day = $1 and source = 'site'`,
        [day],
      )
      expect(kept).toEqual({ own: 5, other: 1 })
      const { byCampaign } = await report(day, day)
      const views = byCampaign.reduce((sum, row) => sum + row.views, 0)
      expect(views).toBe(24)
    },
  )

  it.skipIf(skip)('reads from the day sums what the counters hold', async () => {
    // Days the compaction has folded and summed, beside today's, which it has not reached.
    const days = [daysAgo(60), daysAgo(59)]
    for (const day of days) {
      await batch(test.db, day, 'site', site, ['', ''], ['shown', 'started', 'field-empty'])
      await batch(test.db, day, 'partner-acme', acme, ['', ''], ['shown', 'field-empty'])
    }
    await test.db.query('select public.demo_request_funnel_compact($1::date)', [daysAgo(58)])
    const summed = await test.db.query<{ n: number }>(
      'select count(*)::int as n from public.demo_request_funnel_day_steps where day = any ($1::date[])',
      [days],
    )
    expect(summed[0]?.n).toBeGreaterThan(0)
    // Counted late, after the compaction: read from the counters until the next run sums it.
    await batch(test.db, days[1] as string, 'site', site, ['', ''], ['shown'])
    const raw = await test.db.query<{ day: string; event: string; n: string }>(
      `select day::text as day, event, sum(n)::text as n from public.demo_request_funnel_counts
       where day between $1 and $2 and event in ('shown', 'started') group by 1, 2 order by 1, 2`,
      [daysAgo(61), today],
    )
    await test.db.query('select public.demo_request_funnel_compact($1::date)', [daysAgo(58)])
    const { days: seen, previous, fields } = await report(daysAgo(30), today)
    const byDay = [...previous.days, ...seen].flatMap((day) => [
      ...(day.views ? [{ day: day.day, event: 'shown', n: String(day.views) }] : []),
      ...(day.starts ? [{ day: day.day, event: 'started', n: String(day.starts) }] : []),
    ])
    expect(byDay).toEqual(raw.filter((row) => row.day >= daysAgo(61)))
    const fieldRaw = await test.db.query<{ n: string }>(
      `select sum(n)::text as n from public.demo_request_funnel_counts
       where day between $1 and $2 and event = 'field-empty'`,
      [daysAgo(30), today],
    )
    expect(String(fields[0]?.leftEmpty ?? 0)).toBe(fieldRaw[0]?.n ?? '0')
  })

  it.skipIf(skip)(
    "reads a summed week's pages from the week sums, as the counters hold them",
    async () => {
      // A Monday long past, its whole week folded and summed, and the Monday after left raw.
      const back = Date.parse(daysAgo(100))
      const monday = back - ((new Date(back).getUTCDay() + 6) % 7) * dayMs
      const day = (n: number) => new Date(monday + n * dayMs).toISOString().slice(0, 10)
      for (let n = 0; n <= 7; n++) {
        await batch(
          test.db,
          day(n),
          'site',
          site,
          ['', ''],
          n % 2 ? ['shown'] : ['shown', 'started'],
        )
        await batch(test.db, day(n), 'partner-acme', acme, ['', ''], ['shown'])
      }
      for (const before of [2, 4, 6, 8]) {
        await test.db.query('select public.demo_request_funnel_compact($1::date)', [day(before)])
      }
      const weeks = await test.db.query<{ week: string }>(
        'select distinct day::text as week from public.demo_request_funnel_page_sums where span = 7',
      )
      expect(weeks.map((row) => row.week)).toContain(day(0))
      const raw = await test.db.query<{ source: string; page: string; event: string; n: string }>(
        `select source, page, event, sum(n)::text as n from public.demo_request_funnel_counts
       where day between $1 and $2 group by 1, 2, 3 order by 1, 2, 3`,
        [day(0), day(7)],
      )
      const { byPage } = await report(day(0), day(7))
      const seen = byPage
        .flatMap((row) => [
          { source: row.source, page: row.page, event: 'shown', n: String(row.views) },
          ...(row.starts
            ? [{ source: row.source, page: row.page, event: 'started', n: String(row.starts) }]
            : []),
        ])
        .sort((a, b) => `${a.source}${a.event}`.localeCompare(`${b.source}${b.event}`))
      expect(seen).toEqual(raw)
      expect(byPage.find((row) => row.source === 'site')).toMatchObject({ views: 8, starts: 4 })
    },
  )

  it.skipIf(skip)(
    "counts a lead on the firm's day (SALES_TIME_ZONE), not the UTC day",
    async () => {
      const id = await lead(test.db, 'tz-source', site, null)
      await test.db.query(
        "update public.demo_requests set created_at = '2026-06-01T23:30:00Z' where id = $1",
        [id],
      )
      const sent = async (day: string, timeZone: string) => {
        const rows = await createSqlFunnelStore(test.db).report({
          from: day,
          to: day,
          source: 'tz-source',
          timeZone,
          sourceCampaigns: bounds.sourceCampaigns,
        })
        const report = funnelReportOf(rows, { from: day, to: day, source: null, timeZone }, null)
        return report.totals.sent
      }
      expect([await sent('2026-06-01', 'UTC'), await sent('2026-06-02', 'UTC')]).toEqual([1, 0])
      expect([
        await sent('2026-06-01', 'Asia/Tokyo'),
        await sent('2026-06-02', 'Asia/Tokyo'),
      ]).toEqual([0, 1])
    },
  )
})
