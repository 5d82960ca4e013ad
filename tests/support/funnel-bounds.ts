// A flood cannot blind the firm. A script can post batches from many addresses, each naming a
// source and page never seen before, all on one allowed origin (it names any Origin it likes).
// What it buys is that origin's room, ANALYTICS_ORIGIN_PAIRS_MAX pairs alive, at most
// ANALYTICS_SOURCE_PAGES_MAX of them a source's; every event past it is still counted, under
// "other". A page seen the day before keeps its row, and so does a page on another allowed
// origin first seen after the flood. Each database in a file of its own (funnel-bounds-*.test.ts)
// so the two run on two workers at once.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { totalsOfRows } from '#shared/analytics/funnel-report.ts'
import { createSqlFunnelStore } from '#shared/analytics/sql-funnel-store.ts'
import { createConfiguredHandler } from '#shared/config/configured-handler.ts'
import { configDefaults, readFunctionConfig } from '#shared/config/function-config.ts'
import { createSqlStores } from '#shared/config/sql-stores.ts'
import { createPostgresDatabase } from '#shared/db/postgres-database.ts'
import type { SqlDatabase } from '#shared/db/sql-database.ts'
import type { DemoRequestHandler } from '#shared/lead/demo-request-handler.ts'
import { functionUrl, partner } from './function-requests.ts'
import { insertLead } from './insert-lead.ts'
import { sampleNewDemoRequest } from './sample-lead.ts'
import type { TestDatabase, testDatabases } from './test-database.ts'

const sourcePages = configDefaults.analyticsSourcePagesMax
const originPairs = configDefaults.analyticsOriginPairsMax
const dayBefore = new Date('2027-05-03T10:01:00Z')
const floodDay = new Date('2027-05-04T10:01:00Z')
// The second allowed origin is a pattern: its subdomains share the one room.
const secondOrigins = 'https://*.second.example'
const secondPage = 'https://news.second.example/contact'
// The firm's own page, counted the day before the flood.
const knownPage = `${partner}/services`

// A view and a field left with an error: the steps' counters and the fields', kept lean since
// each event is a counter row written 10,000 times (docs/analytics.md has the fullest batch).
const events = [{ event: 'shown' }, { event: 'field-error', field: 'email', code: 'invalid' }]

// The forged batches, straight to the SQL the handler calls (the handler's own path is the
// batches below, and funnel-events-handler.test.ts), each in a transaction of its own as the
// handler's call is, from a client of its own (a botnet's addresses): half over 4 sources, each
// past its pages, half a fresh source each, past the origin's room. `lane` of `lanes` takes
// every lanes-th batch, so lanes on connections of their own race for the room.
const forgedLane = (batches: number, lane: number, lanes: number) => `
do $$
begin
  for i in ${lane}..${batches - 1} by ${lanes} loop
    perform public.count_funnel_batch(
      p_events => '${JSON.stringify(events)}'::jsonb,
      p_source => case when i < ${batches / 2} then 'forged-' || i % 4 else 'fresh-' || i end,
      p_page => '${partner}/p/' || i,
      p_day => '2027-05-04', p_client_key => md5(i::text) || md5(i::text),
      p_window_start => '${floodDay.toISOString()}', p_client_max => 1000000,
      p_source_pages => ${sourcePages}, p_day_pairs => ${originPairs},
      p_origin => '${partner}');
    commit;
  end loop;
end
$$`

// PostgreSQL: 16 connections at once, racing admissions being what the origin's lock is for.
// PGlite has one connection, so one lane.
async function sendForged(test: TestDatabase, batches: number) {
  if (test.cluster === undefined) return test.db.exec(forgedLane(batches, 0, 1))
  const lanes = 16
  const pool = createPostgresDatabase(test.cluster.url, { max: lanes, queryTimeoutMs: 120_000 })
  try {
    await Promise.all(
      Array.from({ length: lanes }, (_, lane) => pool.exec(forgedLane(batches, lane, lanes))),
    )
  } finally {
    await pool.close()
  }
}

const beacon = (origin: string, source: string, page: string) =>
  new Request(`${functionUrl}/events`, {
    method: 'POST',
    headers: { origin, 'content-type': 'text/plain;charset=UTF-8' },
    body: JSON.stringify({ source, page, events }),
  })

const pairsOn = (db: SqlDatabase, day: string) =>
  db.query<{ source: string; page: string }>(
    'select source, page from public.demo_request_funnel_pages where day = $1 order by 1, 2',
    [day],
  )

/**
 * `batches` forged batches on one of the two databases; each has a test file, so both run at
 * once. Half of them must pass each source's pages (4 sources) and the other half the origin's
 * room for the flood to reach every bound.
 */
export function describeFunnelBounds(
  { name, open, skip }: (typeof testDatabases)[number],
  batches: number,
) {
  const fewest = 2 * Math.max(4 * sourcePages, originPairs) + 2
  if (batches < fewest) throw new Error(`${batches} forged batches pass no bound: send ${fewest}`)
  describe(`a flood of forged pages and sources on ${name}`, () => {
    let test: TestDatabase
    let handler: DemoRequestHandler
    let now = dayBefore

    beforeAll(async () => {
      if (skip) return
      test = await open()
      // The client limit raised far past the batches, so only the bounds hold them.
      const env: Record<string, string> = {
        ALLOWED_ORIGINS: `${partner},${secondOrigins}`,
        ANALYTICS_CLIENT_MAX: '1000000',
      }
      handler = createConfiguredHandler(
        readFunctionConfig((key) => env[key]),
        createSqlStores(test.db),
        { now: () => now, afterReply: () => {} },
      )
    }, 120_000)
    afterAll(() => test?.close())

    async function send(origin: string, source: string, page: string) {
      const response = await handler(beacon(origin, source, page), { clientIp: '192.0.2.1' })
      await response.body?.cancel()
      expect(response.status).toBe(204)
    }

    it.skipIf(skip)(
      `keeps the pages seen the day before and on other origins after ${batches} forged batches, in at most ${originPairs} pairs an origin`,
      async () => {
        now = dayBefore
        await send(partner, 'site', knownPage)

        now = floodDay
        const started = performance.now()
        const cpu = process.cpuUsage()
        await sendForged(test, batches)
        const floodMs = Math.round(performance.now() - started)
        const { user, system } = process.cpuUsage(cpu)
        const floodCpuMs = Math.round((user + system) / 1000)
        // Through the handler after the flood: the page seen the day before, a page first seen
        // on the other allowed origin, and one more new page on the flooded one.
        await send(partner, 'site', knownPage)
        await send('https://news.second.example', 'partner-news', secondPage)
        await send(partner, 'late', `${partner}/late`)

        const pairs = await pairsOn(test.db, '2027-05-04')
        const has = (source: string, page: string) =>
          pairs.some((pair) => pair.source === source && pair.page === page)
        expect(has('site', knownPage)).toBe(true)
        expect(has('partner-news', secondPage)).toBe(true)
        // The flooded origin's room, reached and not passed: the page seen the day before and
        // its new pages together, at most sourcePages a source.
        const onPartner = pairs.filter((pair) => pair.page.startsWith(`${partner}/`))
        expect(onPartner).toHaveLength(originPairs)
        const perSource = new Map<string, number>()
        for (const { source } of onPartner) perSource.set(source, (perSource.get(source) ?? 0) + 1)
        expect(Math.max(...perSource.values())).toBeLessThanOrEqual(sourcePages)
        // Past the room: a source seen keeps its row under its page "other"; the fresh ones and
        // the late page go to the day's one "other".
        expect(pairs.filter((pair) => pair.page === 'other')).toEqual([
          ...[0, 1, 2, 3].map((k) => ({ source: `forged-${k}`, page: 'other' })),
          { source: 'other', page: 'other' },
        ])
        expect(has('late', `${partner}/late`)).toBe(false)
        expect(pairs).toHaveLength(originPairs + 1 + 4 + 1)
        const [alive] = await test.db.query<{ n: number }>(
          `select count(*)::int as n from public.demo_request_funnel_seen where origin = $1`,
          [partner],
        )
        expect(alive?.n).toBe(originPairs)
        // The second page counts against its pattern's room, which its sibling subdomains share.
        const [second] = await test.db.query<{ origin: string }>(
          'select origin from public.demo_request_funnel_seen where page = $1',
          [secondPage],
        )
        expect(second?.origin).toBe(secondOrigins)

        // Folded, never dropped: every batch's view is counted somewhere.
        const shownOf = async (where = 'true') => {
          const [row] = await test.db.query<{ n: number }>(
            `select coalesce(sum(n), 0)::int as n from public.demo_request_funnel_counts
             where day = '2027-05-04' and event = 'shown' and ${where}`,
          )
          return row?.n
        }
        expect(await shownOf()).toBe(batches + 3)
        expect(await shownOf(`page = '${knownPage}'`)).toBe(1)
        expect(await shownOf(`page = '${secondPage}'`)).toBe(1)

        // Leads sent that day from pages no view was counted on fold as views would have: the
        // day folded pages, so a source counted that day keeps its "other", a new one does not.
        for (const [source, pageUrl] of [
          ['site', `${partner}/careers`],
          ['newcomer', `${partner}/never-viewed`],
          ['partner-news', secondPage],
        ] as const) {
          const { id } = await insertLead(test.db, { ...sampleNewDemoRequest, source, pageUrl })
          await test.db.query('update public.demo_requests set created_at = $2 where id = $1', [
            id,
            floodDay,
          ])
        }

        // The report shows them under their own rows, and the flood under "other".
        const report = totalsOfRows(
          await createSqlFunnelStore(test.db).report({
            from: '2027-05-04',
            to: '2027-05-04',
            timeZone: 'UTC',
            source: null,
          }),
          '2027-05-04',
        )
        const viewsOf = (source: string, page: string) =>
          report.pages.find(
            (row) => row.source === source && row.page === page && row.event === 'shown',
          )?.n
        const sentOf = (source: string, page: string) =>
          report.pages.find(
            (row) => row.source === source && row.page === page && row.event === 'sent',
          )?.n
        expect([
          sentOf('site', 'other'),
          sentOf('other', 'other'),
          sentOf('partner-news', secondPage),
        ]).toEqual([1, 1, 1])
        expect(viewsOf('site', knownPage)).toBe(1)
        expect(viewsOf('partner-news', secondPage)).toBe(1)
        expect(viewsOf('other', 'other')).toBeGreaterThan(0)
        expect(viewsOf('forged-0', 'other')).toBeGreaterThan(0)
        expect(
          report.pages.reduce((sum, row) => sum + (row.event === 'shown' ? row.n : 0), 0),
        ).toBe(batches + 3)

        // What the bound costs, for docs/analytics.md.
        const [rows] = await test.db.query<{ n: number }>(
          `select count(*)::int as n from public.demo_request_funnel_counts
           where day = '2027-05-04'`,
        )
        // The day over, its shards fold into one row a counter, every count kept.
        await createSqlFunnelStore(test.db).prune('2000-01-01', new Date(0), '2027-05-05', 'UTC')
        const [folded] = await test.db.query<{ rows: number; sharded: number; shown: number }>(
          `select count(*)::int as rows, count(*) filter (where shard <> 0)::int as sharded,
             sum(n) filter (where event = 'shown')::int as shown
           from public.demo_request_funnel_counts where day = '2027-05-04'`,
        )
        expect(folded).toMatchObject({ sharded: 0, shown: batches + 3 })
        expect(folded?.rows).toBe(pairs.length * events.length)
        console.log(
          `${name}: ${batches} forged batches in ${floodMs} ms (${floodCpuMs} ms of this process's CPU) → ${pairs.length} pairs, ${rows?.n} counter rows; ${folded?.rows} once the day is over`,
        )
      },
      120_000,
    )
  })
}
