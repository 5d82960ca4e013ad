// Two compactions at once, on PostgreSQL 15 over two connections of their own: the first holds
// its transaction open until the second is seen waiting, so the two truly overlap. Without the
// compaction's lock (supabase/migrations/20261128220000_one_compaction.sql) the second failed on
// demo_request_funnel_page_sums_pkey, as "Pruning failed" did in the log; with it, it waits,
// neither fails, and the sums are the counters'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSqlFunnelStore } from '#shared/analytics/sql-funnel-store.ts'
import { openTestPostgres, postgresBin, type TestDatabase } from '../support/test-database.ts'
import { waitUntil } from '../support/wait-until.ts'

const dayMs = 24 * 60 * 60 * 1000
const today = new Date().toISOString().slice(0, 10)
const daysBefore = (n: number) => new Date(Date.parse(today) - n * dayMs).toISOString().slice(0, 10)

// The two days a compaction before today sums, counted and not summed yet: the first run of a
// day, when two instances pruning in the same hour collided.
const counted = [
  [daysBefore(2), 'site', 'https://firm.example/demo', 'shown', 40],
  [daysBefore(2), 'site', 'https://firm.example/demo', 'started', 12],
  [daysBefore(2), 'partner-acme', 'https://acme.example/p', 'shown', 7],
  [daysBefore(1), 'site', 'https://firm.example/demo', 'shown', 31],
  [daysBefore(1), 'partner-acme', 'https://acme.example/p', 'started', 3],
] as const

describe.skipIf(postgresBin === null)('two compactions at once on PostgreSQL 15', () => {
  let test: TestDatabase

  beforeAll(async () => {
    test = await openTestPostgres()
  }, 120_000)
  afterAll(() => test?.close())

  it('lets the second wait for the first: neither fails, and the sums are right', async () => {
    for (const [day, source, page, event, n] of counted) {
      await test.db.query(
        `insert into public.demo_request_funnel_counts (day, source, page, event, shard, n)
          values ($1, $2, $3, $4, 0, $5)`,
        [day, source, page, event, n],
      )
    }
    const waiting = () =>
      test.db.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
      )
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    let compacted = () => {}
    const firstCompacted = new Promise<void>((resolve) => {
      compacted = resolve
    })
    // The first compaction, its transaction held open until the second is waiting.
    const first = test.db.transaction(async (tx) => {
      await tx.exec('set local role service_role')
      await tx.query('select public.demo_request_funnel_compact($1::date, $2)', [today, 'UTC'])
      compacted()
      await released
    })
    await firstCompacted
    // The hourly job's own run, on another connection, while the first is not committed.
    const second = createSqlFunnelStore(test.db).prune('2000-01-01', new Date(0), today, 'UTC')
    await waitUntil(async () => ((await waiting())[0]?.n ?? 0) > 0, {
      what: 'the second compaction waiting for the first',
    })
    release()
    const outcomes = await Promise.allSettled([first, second])
    const failures = outcomes.map((outcome) =>
      outcome.status === 'rejected' ? String(outcome.reason) : 'done',
    )
    expect(failures).toEqual(['done', 'done'])

    const sums = await test.db.query(
      `select s.day::text as day, s.source, s.page, s.shown::int as shown, s.started::int as started
        from public.demo_request_funnel_page_sums s where s.span = 1 order by 1, 2`,
    )
    expect(sums).toEqual([
      {
        day: daysBefore(2),
        source: 'partner-acme',
        page: 'https://acme.example/p',
        shown: 7,
        started: 0,
      },
      {
        day: daysBefore(2),
        source: 'site',
        page: 'https://firm.example/demo',
        shown: 40,
        started: 12,
      },
      {
        day: daysBefore(1),
        source: 'partner-acme',
        page: 'https://acme.example/p',
        shown: 0,
        started: 3,
      },
      {
        day: daysBefore(1),
        source: 'site',
        page: 'https://firm.example/demo',
        shown: 31,
        started: 0,
      },
    ])
    // The week sums hold each count once, however many runs summed them.
    const [weeks] = await test.db.query<{ shown: number; started: number }>(
      `select sum(shown)::int as shown, sum(started)::int as started
        from public.demo_request_funnel_page_sums where span = 7`,
    )
    expect(weeks).toEqual({ shown: 78, started: 15 })
  })
})
