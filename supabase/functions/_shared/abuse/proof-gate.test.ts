import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { solveProof } from '../../../../tests/support/solve-proof.ts'
import { type TestDatabase, testDatabases } from '../../../../tests/support/test-database.ts'
import { createProofGate } from './proof-gate.ts'
import { challengeLifetimeSeconds } from './proof-of-work.ts'
import { createSqlAbuseStore } from './sql-abuse-store.ts'

const rateLimit = { max: 5, globalMax: 100, windowSeconds: 600 }
const now = new Date('2026-11-24T10:03:00Z')
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000)

describe.each(testDatabases)('the proof-of-work gate on $name', ({ open, skip }) => {
  let test: TestDatabase
  const gate = (bits = { min: 3, max: 9 }) =>
    createProofGate({
      abuse: createSqlAbuseStore(test.db),
      rateLimit,
      bits,
    })

  beforeAll(async () => {
    if (!skip) test = await open()
  }, 60_000)
  afterAll(async () => {
    await test?.close()
  })
  beforeEach(async () => {
    await test?.reset()
  })

  it.skipIf(skip)(
    'lets a solved challenge pay for one lead, and again for a retry of that lead',
    async () => {
      const proof = solveProof(await gate().challenge(now))
      expect(await gate().check(proof, 'key-1', later(5))).toBeNull()
      expect(await gate().check(proof, 'key-1', later(6))).toBeNull()
      expect(await gate().check(proof, 'key-2', later(7))).toBe(
        'its challenge has already paid for another request',
      )
      expect(await gate().check(proof, null, later(8))).toBe(
        'its challenge has already paid for another request',
      )
    },
  )

  it.skipIf(skip)('refuses a missing, malformed, forged, unsolved or expired proof', async () => {
    const challenge = await gate().challenge(now)
    const proof = solveProof(challenge)
    expect(await gate().check(null, 'k', now)).toBe('the request carries no proof of work')
    expect(await gate().check('hello', 'k', now)).toBe('the proof of work is malformed')
    const [issued, , nonce, signature] = challenge.split('.')
    // Fewer bits than were signed.
    const easier = `${issued}.0.${nonce}.${signature}.0`
    expect(await gate().check(easier, 'k', now)).toBe(
      'its challenge was not issued by this function',
    )
    expect(await gate().check(solveProof(challenge, false), 'k', now)).toBe(
      'it does not solve its challenge',
    )
    expect(await gate().check(proof, 'k', later(challengeLifetimeSeconds + 1))).toBe(
      'its challenge has expired',
    )
    expect(await gate().check(proof, 'k', later(-120))).toBe('its challenge has expired')
  })

  it.skipIf(skip)(
    'asks more bits as the window fills, up to the most at the global limit',
    async () => {
      const bitsOf = async (hits: number) => {
        await test.db.exec('truncate public.demo_request_window_totals')
        if (hits > 0) {
          await test.db.query(
            'insert into public.demo_request_window_totals (window_start, shard, hits) values ($1, 0, $2)',
            [new Date('2026-11-24T10:00:00Z'), hits],
          )
        }
        return Number((await gate().challenge(now)).split('.')[1])
      }
      expect(await bitsOf(0)).toBe(3)
      expect(await bitsOf(50)).toBe(6)
      expect(await bitsOf(100)).toBe(9)
      expect(await bitsOf(5000)).toBe(9)
    },
  )

  it.skipIf(skip)('is pruned with the rate limits once its challenge has expired', async () => {
    const store = createSqlAbuseStore(test.db)
    const proof = solveProof(await gate().challenge(now))
    expect(await gate().check(proof, 'key-1', now)).toBeNull()
    const spent = 'select count(*)::int as count from public.demo_request_spent_proofs'
    await store.prune(later(challengeLifetimeSeconds - 1))
    expect(await test.db.query(spent)).toEqual([{ count: 1 }])
    await store.prune(later(challengeLifetimeSeconds + 1))
    expect(await test.db.query(spent)).toEqual([{ count: 0 }])
  })
})
