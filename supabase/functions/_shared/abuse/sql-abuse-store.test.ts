import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { sampleNewDemoRequest as lead } from '../../../../tests/support/sample-lead.ts'
import { type TestDatabase, testDatabases } from '../../../../tests/support/test-database.ts'
import { createSqlLeadStore } from '../lead/sql-lead-store.ts'
import { createSqlAbuseStore } from './sql-abuse-store.ts'

describe.each(testDatabases)('the SQL abuse store on $name', ({ open, skip }) => {
  let test: TestDatabase
  const abuse = () => createSqlAbuseStore(test.db)
  const leads = () => createSqlLeadStore(test.db)

  beforeAll(async () => {
    if (!skip) test = await open()
  }, 60_000)
  afterAll(async () => {
    await test?.close()
  })
  beforeEach(async () => {
    await test?.reset()
  })

  it.skipIf(skip)('removes expired windows only when asked, off the request path', async () => {
    const old = new Date('2026-01-01T00:00:00Z')
    const current = new Date('2026-01-01T00:10:00Z')
    const limit = { clientKey: 'a'.repeat(64), clientMax: 5, globalMax: 5 }
    await leads().accept(lead, { ...limit, windowStart: old })
    await leads().accept(lead, { ...limit, windowStart: current })
    const windows = () =>
      test.db.query(`select window_start from public.demo_request_rate_limits
                     union all select window_start from public.demo_request_window_totals`)
    expect(await windows()).toHaveLength(4) // a client's row and a total in each window
    expect(await abuse().prune(current)).toBe(1)
    expect(await windows()).toEqual([{ window_start: current }, { window_start: current }])
  })

  describe('client-key secrets', () => {
    const secrets = () =>
      test.db.query<{ valid_from: Date }>(
        'select valid_from from public.demo_request_client_key_secrets order by valid_from',
      )
    beforeEach(async () => {
      await test?.db.exec('delete from public.demo_request_client_key_secrets')
    })

    it.skipIf(skip)('are one a UTC day, shared by every store that asks', async () => {
      // Two stores stand for two instances, or the Deno function and `npm start`.
      const [first, second] = await Promise.all([
        abuse().clientKeySecret(new Date('2026-03-01T10:00:00Z')),
        abuse().clientKeySecret(new Date('2026-03-01T10:00:00Z')),
      ])
      expect(first).toMatch(/^[0-9a-f]{64}$/)
      expect(second).toBe(first)
      expect(await abuse().clientKeySecret(new Date('2026-03-01T23:50:00Z'))).toBe(first)
      const next = await abuse().clientKeySecret(new Date('2026-03-02T00:00:00Z'))
      expect(next).toMatch(/^[0-9a-f]{64}$/)
      expect(next).not.toBe(first)
    })

    it.skipIf(skip)('keep yesterday for the windows still open across midnight', async () => {
      const yesterday = await abuse().clientKeySecret(new Date('2026-03-01T23:55:00Z'))
      await abuse().clientKeySecret(new Date('2026-03-02T00:00:00Z'))
      // A second instance, its cache cold, on a window that started before midnight.
      expect(await abuse().clientKeySecret(new Date('2026-03-01T23:55:00Z'))).toBe(yesterday)
      await abuse().clientKeySecret(new Date('2026-03-03T10:00:00Z'))
      expect(await secrets()).toEqual([
        { valid_from: new Date('2026-03-02T00:00:00Z') },
        { valid_from: new Date('2026-03-03T00:00:00Z') },
      ])
    })

    it.skipIf(skip)('go with the expired windows when pruned, not before', async () => {
      await abuse().clientKeySecret(new Date('2026-03-01T10:00:00Z'))
      await abuse().prune(new Date('2026-03-01T23:50:00Z'))
      expect(await secrets()).toHaveLength(1)
      await abuse().prune(new Date('2026-03-02T00:00:00Z'))
      expect(await secrets()).toEqual([])
    })
  })

  it.skipIf(skip)('spends a proof once, and again only on the same lead', async () => {
    const expiresAt = new Date('2026-03-01T10:10:00Z')
    expect(await abuse().spendProof('nonce-1', 'key-1', expiresAt)).toBe(true)
    expect(await abuse().spendProof('nonce-1', 'key-1', expiresAt)).toBe(true)
    expect(await abuse().spendProof('nonce-1', 'key-2', expiresAt)).toBe(false)
    expect(await abuse().spendProof('nonce-1', null, expiresAt)).toBe(false)
  })
})
