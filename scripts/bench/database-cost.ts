import { clientKey } from '#shared/abuse/client-key.ts'
import { createSqlAbuseStore } from '#shared/abuse/sql-abuse-store.ts'
import { createPostgresDatabase } from '#shared/db/postgres-database.ts'
import { createSqlLeadStore } from '#shared/lead/sql-lead-store.ts'
import { insertLead } from '../../tests/support/insert-lead.ts'
import type { PostgresCluster } from '../../tests/support/postgres-cluster.ts'
import { sampleNewDemoRequest } from '../../tests/support/sample-lead.ts'
import { bareInsert } from './bare-insert.ts'
import type { BenchRow } from './bench-row.ts'
import { clusterPids, startCpuMeter } from './cpu-time.ts'
import { median } from './stats.ts'

// Rounds of calls, each variant in turn, so a busy moment of the machine falls on all of them.
// The kernel counts CPU time in 10 ms ticks: a round of 1,000 calls reads to 10 µs a call, where
// 600 read to 17, too coarse for the funnel's mark (two runs of 6 × 600 put it at 16 and 100 µs).
const rounds = 10
const callsPerRound = 1000

/**
 * PostgreSQL's own CPU time a call, one connection, no HTTP: how much of the backend's gap to
 * the bare server is the database's work. `accept_demo_request` with and without the rate limits
 * (each call a new visitor), and without the funnel's mark either, beside the bare server's
 * INSERT.
 */
export async function measureDatabaseCost(cluster: PostgresCluster): Promise<BenchRow> {
  const db = createPostgresDatabase(cluster.url, { max: 1 })
  try {
    const store = createSqlLeadStore(db)
    const windowStart = new Date()
    let n = 0
    const lead = () => ({
      ...sampleNewDemoRequest,
      // A lead from a page without campaign parameters, as the bare server's.
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      source: 'bench-database',
      idempotencyKey: `bench-database-${n++}`,
    })
    const secret = await createSqlAbuseStore(db).clientKeySecret(windowStart)
    const keys = Array.from({ length: rounds * callsPerRound }, (_, i) =>
      clientKey(secret, `10.200.${i >> 8}.${i & 255}`),
    )
    const variants = {
      limited: async () => {
        const clientKey = keys[n % keys.length] as string
        await store.accept(lead(), { clientKey, windowStart, clientMax: 1e9, globalMax: 1e9 })
      },
      unlimited: async () => {
        await insertLead(db, lead())
      },
      // The same with the trigger that marks a lead's day for the funnel's sums turned off
      // around the round: what counting adds to storing a lead.
      unmarked: async () => {
        await insertLead(db, lead())
      },
      bare: async () => {
        const l = lead()
        await db.query(bareInsert, [
          l.firstName,
          l.lastName,
          l.companyName,
          l.companySize,
          l.source,
          l.pageUrl,
          l.userAgent,
          l.idempotencyKey,
        ])
      },
    }
    const perCall: Record<keyof typeof variants, number[]> = {
      limited: [],
      unlimited: [],
      unmarked: [],
      bare: [],
    }
    const markTrigger = (turn: 'enable' | 'disable') =>
      db.query(`alter table public.demo_requests ${turn} trigger demo_requests_funnel_mark_insert`)
    for (let round = 0; round < rounds; round++) {
      for (const [name, call] of Object.entries(variants)) {
        if (name === 'unmarked') await markTrigger('disable')
        const used = startCpuMeter(() => clusterPids(cluster.dataDir))
        for (let i = 0; i < callsPerRound; i++) await call()
        perCall[name as keyof typeof variants].push((used() * 1e6) / callsPerRound)
        if (name === 'unmarked') await markTrigger('enable')
      }
    }
    const us = (name: keyof typeof variants) => Math.round(median(perCall[name]) ?? Number.NaN)
    return {
      section: 'Backend',
      measure: `PostgreSQL 15 alone, 1 connection: its CPU a call (median of ${rounds} × ${callsPerRound})`,
      value: `accept_demo_request ${us('limited')} µs (without the rate limits ${us('unlimited')} µs; without the funnel's mark of the lead's day too, ${us('unmarked')} µs)`,
      target: '—',
      baseline: `bare INSERT: ${us('bare')} µs`,
      meets: null,
    }
  } finally {
    await db.close()
  }
}
