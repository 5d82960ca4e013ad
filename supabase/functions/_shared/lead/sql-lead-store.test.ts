import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { insertLead } from '../../../../tests/support/insert-lead.ts'
import { sampleNewDemoRequest as lead } from '../../../../tests/support/sample-lead.ts'
import { type TestDatabase, testDatabases } from '../../../../tests/support/test-database.ts'
import type { SqlDatabase } from '../db/sql-database.ts'
import type { NewDemoRequest } from './lead-store.ts'
import { createSqlLeadStore } from './sql-lead-store.ts'

const backends = testDatabases

describe.each(backends)('the SQL store on $name', ({ open, skip }) => {
  let test: TestDatabase
  const store = () => createSqlLeadStore(test.db)
  const insert = (request: NewDemoRequest) => insertLead(test.db, request)

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
    const { id, created } = await insert(lead)
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

  it.skipIf(skip)(
    "stores the lead's language, and refuses one the form is not written in",
    async () => {
      await insert({ ...lead, language: 'es' })
      const [row] = await store().list(10)
      expect(row?.language).toBe('es')
      // The column's own check, should anything but the schema's list reach it.
      const french = { ...lead, language: 'fr' } as unknown as NewDemoRequest
      await expect(insert(french)).rejects.toThrow(/demo_requests_language_check/)
    },
  )

  it.skipIf(skip)('keeps one row per idempotency key, also for simultaneous inserts', async () => {
    const keyed = { ...lead, idempotencyKey: 'key-1' }
    const results = await Promise.all([insert(keyed), insert(keyed)])
    expect(results.map((result) => result.created).sort()).toEqual([false, true])
    expect(results[0]?.id).toBe(results[1]?.id)
    expect(await store().list(10)).toHaveLength(1)
  })

  it.skipIf(skip)('stores leads without a key as separate rows', async () => {
    await insert(lead)
    await insert(lead)
    expect(await store().list(10)).toHaveLength(2)
  })

  it.skipIf(skip)('marks spam as skipped so it is never sent', async () => {
    await insert({ ...lead, isSpam: true })
    const [row] = await store().list(10)
    expect(row).toMatchObject({ isSpam: true, notificationStatus: 'skipped' })
  })

  it.skipIf(skip)('counts hits per client and window, within both limits', async () => {
    const windowStart = new Date('2026-01-01T00:00:00Z')
    const limit = { clientKey: 'a'.repeat(64), windowStart, clientMax: 2, globalMax: 3 }
    const other = { ...limit, clientKey: 'b'.repeat(64) }
    expect(await store().accept(lead, limit)).toMatchObject({ created: true })
    expect(await store().accept(lead, limit)).toMatchObject({ created: true })
    expect(await store().accept(lead, limit)).toEqual({ limited: 'client' })
    // The refused hit still counts: 3 of everyone's 3 are used.
    expect(await store().accept(lead, other)).toEqual({ limited: 'global' })
    const later = { ...other, windowStart: new Date('2026-01-01T00:10:00Z') }
    expect(await store().accept(lead, later)).toMatchObject({ created: true })
    expect(await store().list(10)).toHaveLength(3)
  })

  it.skipIf(skip)('counts everyone in the window, however many clients there are', async () => {
    const windowStart = new Date('2026-01-01T00:00:00Z')
    const outcomes = []
    for (let client = 0; client < 40; client++) {
      const clientKey = client.toString(16).padStart(64, '0')
      outcomes.push(
        await store().accept(lead, { clientKey, windowStart, clientMax: 5, globalMax: 33 }),
      )
    }
    expect(outcomes.filter((outcome) => 'created' in outcome)).toHaveLength(33)
    expect(outcomes.slice(33)).toEqual(Array(7).fill({ limited: 'global' }))
  })

  it.skipIf(skip)(
    'holds leads beyond the global limit when told to, instead of refusing',
    async () => {
      const windowStart = new Date('2026-01-01T00:00:00Z')
      const holdUntil = new Date('2026-01-01T00:10:00Z')
      const limit = (client: number) => ({
        clientKey: client.toString(16).padStart(64, '0'),
        windowStart,
        clientMax: 1,
        globalMax: 2,
        holdUntil,
      })
      const outcomes = []
      for (let client = 0; client < 4; client++) {
        outcomes.push(
          await store().accept({ ...lead, idempotencyKey: `key-${client}` }, limit(client)),
        )
      }
      expect(outcomes.map((outcome) => 'held' in outcome && outcome.held)).toEqual([
        false,
        false,
        true,
        true,
      ])
      // Spam beyond the limit is still only skipped; a retry of a held lead is its first answer.
      expect(await store().accept({ ...lead, isSpam: true }, limit(9))).toMatchObject({
        created: true,
        held: false,
      })
      const retried = await store().accept({ ...lead, idempotencyKey: 'key-3' }, limit(3))
      expect(retried).toMatchObject({ created: false, held: false })
      // The client's own limit still refuses, held or not.
      expect(await store().accept(lead, limit(3))).toEqual({ limited: 'client' })

      const rows = await store().list(null)
      const byStatus = (status: string) => rows.filter((row) => row.notificationStatus === status)
      expect(byStatus('pending')).toHaveLength(2)
      expect(byStatus('held').map((row) => row.heldUntil)).toEqual([holdUntil, holdUntil])
      expect(byStatus('skipped').map((row) => row.heldUntil)).toEqual([null])
      // What `npm run leads -- --status held` lists: the held ones alone, newest first.
      expect(await store().list(null, 'held')).toEqual(byStatus('held'))
      expect(await store().list(1, 'held')).toEqual(byStatus('held').slice(0, 1))
      expect([await store().count('held'), await store().count()]).toEqual([2, 5])
    },
  )

  // The store over the test's database, one call out at a time, recording each statement.
  const oneCallAtATime = () => {
    const statements: string[] = []
    const db: SqlDatabase = {
      ...test.db,
      connections: 2,
      query: (text, params) => {
        statements.push(text.includes('accept_demo_requests(') ? 'batch' : 'single')
        return test.db.query(text, params)
      },
    }
    return { store: createSqlLeadStore(db), statements }
  }

  it.skipIf(skip)(
    'stores leads sent while a call is out in one call, each as if sent alone, in order',
    async () => {
      const { store: batching, statements } = oneCallAtATime()
      const limit = {
        clientKey: 'c'.repeat(64),
        windowStart: new Date('2026-01-01T00:00:00Z'),
        clientMax: 3,
        globalMax: 100,
      }
      const keyed = (key: string) => ({ ...lead, idempotencyKey: key })
      const outcomes = await Promise.all(
        ['k1', 'k2', 'k1', 'k3', 'k4'].map((key) => batching.accept(keyed(key), limit)),
      )
      // The first goes at once; the four that came while it was out, together after it.
      expect(statements).toEqual(['single', 'batch'])
      const [first, second, again, third, fourth] = outcomes
      expect([first, second, third]).toMatchObject([
        { created: true },
        { created: true },
        { created: true },
      ])
      // A retry in the same call gets the first answer and counts nothing; the fourth is over.
      expect(again).toEqual({ ...first, created: false })
      expect(fourth).toEqual({ limited: 'client' })
      const stored = await store().list(null)
      expect(stored.map((row) => row.idempotencyKey).sort()).toEqual(['k1', 'k2', 'k3'])
    },
  )

  it.skipIf(skip)('fails only the lead a call of several failed for', async () => {
    const { store: batching, statements } = oneCallAtATime()
    const limit = {
      clientKey: 'd'.repeat(64),
      windowStart: new Date('2026-01-01T00:00:00Z'),
      clientMax: 10,
      globalMax: 100,
    }
    const french = { ...lead, idempotencyKey: 'fr', language: 'fr' } as unknown as NewDemoRequest
    const outcomes = await Promise.allSettled(
      [{ ...lead, idempotencyKey: 'en' }, { ...lead, idempotencyKey: 'es' }, french].map(
        (request) => batching.accept(request, limit),
      ),
    )
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
    ])
    expect(String((outcomes[2] as PromiseRejectedResult).reason)).toMatch(
      /demo_requests_language_check/,
    )
    // The call of two failed as a whole, and each was then sent alone.
    expect(statements).toEqual(['single', 'batch', 'single', 'single'])
    const stored = await store().list(null)
    expect(stored.map((row) => row.idempotencyKey).sort()).toEqual(['en', 'es'])
    // Each stored lead's hit counted once, the rolled-back call's none, as the failed one's alone.
    const [row] = await test.db.query<{ hits: number }>(
      'select hits from public.demo_request_rate_limits where client_key = $1',
      [limit.clientKey],
    )
    expect(row?.hits).toBe(2)
  })

  it.skipIf(skip)('lets the database reject what the schema forbids', async () => {
    await expect(
      insert({ ...lead, companySize: '7 employees' as NewDemoRequest['companySize'] }),
    ).rejects.toThrow()
    await expect(insert({ ...lead, firstName: 'x'.repeat(101) })).rejects.toThrow()
    expect(await store().list(10)).toEqual([])
  })

  it('accepts only plain role names', () => {
    expect(() => createSqlLeadStore(test?.db, { role: 'x; drop table y' })).toThrow()
  })
})
