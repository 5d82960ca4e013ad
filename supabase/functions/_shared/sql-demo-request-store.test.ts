import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { sampleNewDemoRequest as lead } from '../../../tests/support/sample-lead.ts'
import {
  openTestPglite,
  openTestPostgres,
  postgresBin,
  type TestDatabase,
} from '../../../tests/support/test-database.ts'
import type { NewDemoRequest } from './demo-request-store.ts'
import { createSqlDemoRequestStore } from './sql-demo-request-store.ts'

const backends = [
  { name: 'PGlite', open: openTestPglite, skip: false },
  { name: 'PostgreSQL 15', open: openTestPostgres, skip: postgresBin === null },
]

describe.each(backends)('the SQL store on $name', ({ open, skip }) => {
  let test: TestDatabase
  const store = () => createSqlDemoRequestStore(test.db)

  beforeAll(async () => {
    if (!skip) test = await open()
  }, 60_000)
  afterAll(async () => {
    await test?.close()
  })
  beforeEach(async () => {
    await test?.reset()
  })

  it.skipIf(skip)('stores a lead and lists it back with every field', async () => {
    const { id, created } = await store().insert(lead)
    expect(created).toBe(true)
    const [row, ...rest] = await store().list(10)
    expect(rest).toEqual([])
    expect(row).toMatchObject({
      ...lead,
      id,
      notificationStatus: 'pending',
      notificationAttempts: 0,
      notificationError: null,
      notifiedAt: null,
    })
    expect(row?.createdAt).toBeInstanceOf(Date)
  })

  it.skipIf(skip)('keeps one row per idempotency key, also for simultaneous inserts', async () => {
    const keyed = { ...lead, idempotencyKey: 'key-1' }
    const results = await Promise.all([store().insert(keyed), store().insert(keyed)])
    expect(results.map((result) => result.created).sort()).toEqual([false, true])
    expect(results[0]?.id).toBe(results[1]?.id)
    expect(await store().findIdByIdempotencyKey('key-1')).toBe(results[0]?.id)
    expect(await store().findIdByIdempotencyKey('other')).toBeNull()
    expect(await store().list(10)).toHaveLength(1)
  })

  it.skipIf(skip)('stores leads without a key as separate rows', async () => {
    await store().insert(lead)
    await store().insert(lead)
    expect(await store().list(10)).toHaveLength(2)
  })

  it.skipIf(skip)('marks spam as skipped so it is never sent', async () => {
    await store().insert({ ...lead, isSpam: true })
    const [row] = await store().list(10)
    expect(row).toMatchObject({ isSpam: true, notificationStatus: 'skipped' })
  })

  it.skipIf(skip)('counts hits per client and window', async () => {
    const key = 'a'.repeat(64)
    const first = new Date('2026-01-01T00:00:00Z')
    const second = new Date('2026-01-01T00:10:00Z')
    expect(await store().countHit(key, first)).toBe(1)
    expect(await store().countHit(key, first)).toBe(2)
    expect(await store().countHit('b'.repeat(64), first)).toBe(1)
    expect(await store().countHit(key, second)).toBe(1)
    const rows = await test.db.query('select window_start from public.demo_request_rate_limits')
    // Windows before the current one are pruned.
    expect(rows).toHaveLength(1)
  })

  it.skipIf(skip)('lets the database reject what the schema forbids', async () => {
    await expect(
      store().insert({ ...lead, companySize: '7 employees' as NewDemoRequest['companySize'] }),
    ).rejects.toThrow()
    await expect(store().insert({ ...lead, firstName: 'x'.repeat(101) })).rejects.toThrow()
    expect(await store().list(10)).toEqual([])
  })

  it('accepts only plain role names', () => {
    expect(() => createSqlDemoRequestStore(test?.db, { role: 'x; drop table y' })).toThrow()
  })
})
