import { describe, expect, it } from 'vitest'
import type { AbuseStore } from '../abuse/abuse-store.ts'
import type { FunnelStore } from '../analytics/funnel-store.ts'
import type { AuditRetention } from '../console/audit/audit-retention.ts'
import type { NotificationStore } from '../notify/notification-store.ts'
import { readFunctionConfig } from './function-config.ts'
import { createRetention } from './retention.ts'

/** What the funnel store is asked to prune: the oldest day kept, today, and the firm's zone. */
function pruneDays(now: Date, salesTimeZone: string) {
  const asked: { oldest: string; today: string; timeZone: string }[] = []
  const nothing = async () => {}
  const config = readFunctionConfig(
    (name) => ({ SALES_TIME_ZONE: salesTimeZone, ANALYTICS_RETENTION_DAYS: '400' })[name],
  )
  const prune = createRetention(
    config,
    {
      abuse: { prune: nothing } as unknown as AbuseStore,
      notifications: { prune: nothing } as unknown as NotificationStore,
      audit: { prune: nothing } as unknown as AuditRetention,
      funnel: {
        prune: async (oldest: string, _windows: Date, today: string, timeZone: string) => {
          asked.push({ oldest, today, timeZone })
        },
      } as unknown as FunnelStore,
    },
    () => now,
  )
  return prune().then(() => asked)
}

describe('retention of the funnel counters', () => {
  it("folds and removes by the firm's day, which counters are kept by", async () => {
    // 23:30 on 10 March in Chicago, already the 11th in UTC: the 10th is still counting.
    expect(await pruneDays(new Date('2027-03-11T05:30:00Z'), 'America/Chicago')).toEqual([
      { oldest: '2026-02-03', today: '2027-03-10', timeZone: 'America/Chicago' },
    ])
    expect(await pruneDays(new Date('2027-03-11T06:30:00Z'), 'America/Chicago')).toEqual([
      { oldest: '2026-02-04', today: '2027-03-11', timeZone: 'America/Chicago' },
    ])
    expect(await pruneDays(new Date('2027-03-11T05:30:00Z'), 'UTC')).toEqual([
      { oldest: '2026-02-04', today: '2027-03-11', timeZone: 'UTC' },
    ])
  })
})
