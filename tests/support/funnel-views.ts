import { createSqlFunnelStore } from '#shared/analytics/sql-funnel-store.ts'
import { configDefaults } from '#shared/config/function-config.ts'
import type { SqlDatabase } from '#shared/db/sql-database.ts'

/** A page view's batch as a test writes it: its events by name, with a field where one has it. */
interface ViewBatch {
  source: string
  page: string
  utmSource?: string
  utmCampaign?: string
  events?: { event: string; field?: string }[]
}

type CountedBatch = Parameters<ReturnType<typeof createSqlFunnelStore>['countBatch']>[0]

/**
 * Counts `batch` (one view, unless its events say more) `times` on `day`, as the function did
 * then for a client well within its limit, under the settings' default bounds. `arrived` is the
 * view's time, the pair's last view the quiet page alarm reads; unset, the database's now.
 */
export async function countViews(
  db: SqlDatabase,
  day: string,
  { utmSource = '', utmCampaign = '', events = [{ event: 'shown' }], ...batch }: ViewBatch,
  { times = 1, arrived }: { times?: number; arrived?: Date } = {},
) {
  const store = createSqlFunnelStore(db)
  for (let index = 0; index < times; index++) {
    await store.countBatch(
      { ...batch, utmSource, utmCampaign, events } as CountedBatch,
      day,
      {
        clientKey: 'c'.repeat(64),
        windowStart: arrived ?? new Date(),
        clientMax: 1_000_000,
        ...(arrived && { arrived }),
      },
      {
        sourcePages: configDefaults.analyticsSourcePagesMax,
        originPairs: configDefaults.analyticsOriginPairsMax,
        sourceCampaigns: configDefaults.analyticsSourceCampaignsMax,
      },
    )
  }
}
