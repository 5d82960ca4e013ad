// A script can post batches from many addresses, each naming a source and page never seen
// before. What it buys is bounded: at most ANALYTICS_SOURCE_PAGES_MAX pages a source and
// ANALYTICS_DAY_PAIRS_MAX source-and-page pairs a day, plus the day's one "other" pair, however
// many batches come and however many at once; every event past the bounds is still counted,
// under "other". 10,000 forged batches, 16 at a time on PostgreSQL 15; 2,000 one at a time on PGlite,
// each in a file of its own (funnel-bounds-*.test.ts) so the two run on two workers at once.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { totalsOfRows } from '#shared/analytics/funnel-report.ts'
import { createSqlFunnelStore } from '#shared/analytics/sql-funnel-store.ts'
import { createConfiguredHandler } from '#shared/config/configured-handler.ts'
import { configDefaults, readFunctionConfig } from '#shared/config/function-config.ts'
import { createSqlStores } from '#shared/config/sql-stores.ts'
import type { DemoRequestHandler } from '#shared/lead/demo-request-handler.ts'
import { functionUrl, partner } from './function-requests.ts'
import type { TestDatabase, testDatabases } from './test-database.ts'

// PostgreSQL 15 takes the full 10,000, 16 at a time: racing admissions are what the day's lock
// is for. PGlite has one connection, so one lane: 2,000 still take each of the 4 sources past its
// 200 pages and the day past its 1,000 pairs, and 10,000 there cost about 40 s more of a core.
const batchesOn = (database: string) => (database === 'PGlite' ? 2_000 : 10_000)
const sourcePages = configDefaults.analyticsSourcePagesMax
const dayPairs = configDefaults.analyticsDayPairsMax
const now = new Date('2027-05-04T10:01:00Z')

// The fullest batch a page may send, so each pair costs as many counter rows as it can.
const events = [
  { event: 'shown' },
  { event: 'started' },
  { event: 'send-tried' },
  { event: 'field-empty', field: 'firstName' },
  { event: 'field-error', field: 'email', code: 'invalid' },
  { event: 'refused', field: 'lastName', code: 'required' },
]

// Half the batches spread over 4 sources, each past its bound of pages; half from a fresh
// source each, past the day's bound of pairs.
const forged = (index: number, batches: number) => ({
  source: index < batches / 2 ? `forged-${index % 4}` : `fresh-${index}`,
  page: `${partner}/p/${index}`,
  events,
})

const beacon = (index: number, batches: number) =>
  new Request(`${functionUrl}/events`, {
    method: 'POST',
    headers: { origin: partner, 'content-type': 'text/plain;charset=UTF-8' },
    body: JSON.stringify(forged(index, batches)),
  })

// A different address for each batch, as a botnet's would be.
const address = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`

/** The forged batches on one of the two databases; each has a test file, so both run at once. */
export function describeFunnelBounds({ name, open, skip }: (typeof testDatabases)[number]) {
  describe(`forged pages and sources on ${name}`, () => {
    let test: TestDatabase
    let handler: DemoRequestHandler
    const batches = batchesOn(name)

    beforeAll(async () => {
      if (skip) return
      test = await open()
      // The client limit raised far past the batches, so only the bounds hold them.
      const env: Record<string, string> = {
        ALLOWED_ORIGINS: partner,
        ANALYTICS_CLIENT_MAX: '1000000',
      }
      handler = createConfiguredHandler(
        readFunctionConfig((key) => env[key]),
        createSqlStores(test.db),
        { now: () => now, afterReply: () => {} },
      )
    }, 120_000)
    afterAll(() => test?.close())

    it.skipIf(skip)(
      `adds at most ${dayPairs + 1} pairs in a day for ${batches} batches, and counts every view`,
      async () => {
        const lanes = name === 'PGlite' ? 1 : 16
        let next = 0
        const statuses = new Map<number, number>()
        await Promise.all(
          Array.from({ length: lanes }, async () => {
            while (next < batches) {
              const index = next++
              const response = await handler(beacon(index, batches), { clientIp: address(index) })
              await response.body?.cancel()
              statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
            }
          }),
        )
        expect(Object.fromEntries(statuses)).toEqual({ 204: batches })

        const pairs = await test.db.query<{ source: string; pages: number }>(
          `select source, count(distinct page)::int as pages from public.demo_request_funnel_counts
         where day = '2027-05-04' group by source`,
        )
        const total = pairs.reduce((sum, row) => sum + row.pages, 0)
        expect(total).toBeLessThanOrEqual(dayPairs + 1)
        // The bound is reached, not merely respected: a day's room is used before anything folds.
        expect(total).toBe(dayPairs + 1)
        for (const row of pairs) expect(row.pages).toBeLessThanOrEqual(sourcePages + 1)
        const [registered] = await test.db.query<{ n: number }>(
          'select count(*)::int as n from public.demo_request_funnel_pages',
        )
        expect(registered?.n).toBe(dayPairs + 1)

        // Folded, never dropped: every batch's view is counted somewhere.
        const [shown] = await test.db.query<{ n: number }>(
          `select sum(n)::int as n from public.demo_request_funnel_counts where event = 'shown'`,
        )
        expect(shown?.n).toBe(batches)
        const others = await test.db.query<{ source: string; n: number }>(
          `select source, sum(n)::int as n from public.demo_request_funnel_counts
         where page = 'other' and event = 'shown' group by source order by source`,
        )
        expect(others.find((row) => row.source === 'other')?.n).toBeGreaterThan(0)
        expect(others.some((row) => row.source.startsWith('forged-'))).toBe(true)

        // The report shows both: a source's "other" page, and the day's "other" source and page.
        const reportRows = await createSqlFunnelStore(test.db).report({
          from: '2027-05-01',
          to: '2027-05-04',
          timeZone: 'UTC',
          source: null,
          bounds: { sourcePages, dayPairs },
        })
        const report = totalsOfRows(reportRows, '2027-05-01')
        const viewsOf = (source: string, page: string) =>
          report.pages.find(
            (row) => row.source === source && row.page === page && row.event === 'shown',
          )?.n
        expect(viewsOf('other', 'other')).toBe(others.find((row) => row.source === 'other')?.n)
        expect(viewsOf('forged-0', 'other')).toBeGreaterThan(0)
        expect(
          report.pages.reduce((sum, row) => sum + (row.event === 'shown' ? row.n : 0), 0),
        ).toBe(batches)

        // What the bound costs, for docs/analytics.md.
        const [rows] = await test.db.query<{ n: number }>(
          'select count(*)::int as n from public.demo_request_funnel_counts',
        )
        const [bytes] =
          name === 'PGlite'
            ? [{ n: Number.NaN }]
            : await test.db.query<{ n: number }>(
                `select (pg_total_relation_size('public.demo_request_funnel_counts')
                 + pg_total_relation_size('public.demo_request_funnel_pages')
                 + pg_total_relation_size('public.demo_request_funnel_days'))::int as n`,
              )
        // The day over, its shards fold into one row a counter, every count kept.
        const store = createSqlFunnelStore(test.db)
        await store.prune('2000-01-01', new Date(0), '2027-05-05', 'UTC')
        const [folded] = await test.db.query<{ rows: number; sharded: number; shown: number }>(
          `select count(*)::int as rows, count(*) filter (where shard <> 0)::int as sharded,
           sum(n) filter (where event = 'shown')::int as shown
         from public.demo_request_funnel_counts`,
        )
        expect(folded).toMatchObject({ sharded: 0, shown: batches })
        expect(folded?.rows).toBeLessThanOrEqual((dayPairs + 1) * events.length)
        console.log(
          `${name}: ${batches} forged batches → ${total} pairs, ${rows?.n} counter rows, ${bytes?.n} bytes with indexes; ${folded?.rows} rows once the day is over`,
        )
      },
      600_000,
    )
  })
}
