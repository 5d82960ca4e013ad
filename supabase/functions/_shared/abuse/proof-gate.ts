import type { AbuseStore } from './abuse-store.ts'
import {
  challengeBits,
  challengeKey,
  createChallenge,
  expiresAt,
  hasExpired,
  proofProblem,
  readProof,
} from './proof-of-work.ts'
import { type RateLimit, windowStart } from './rate-limit.ts'

/** The bits challenges ask for: `min` on a quiet day up to `max` at the global limit. */
export interface ProofOfWorkSettings {
  min: number
  max: number
}

/** What the gate needs: the day's secret (the client keys'), spent proofs, the limits. */
export interface ProofGateDependencies {
  abuse: Pick<AbuseStore, 'clientKeySecret' | 'spendProof' | 'windowTotal'>
  rateLimit: RateLimit
  bits: ProofOfWorkSettings
}

/** Hands out challenges and lets through each solved one once. */
export interface ProofGate {
  challenge(now: Date): Promise<string>
  /** Null when the proof may pay for the lead with `idempotencyKey`, else why not. */
  check(proof: string | null, idempotencyKey: string | null, now: Date): Promise<string | null>
}

// Asking the database at every challenge would let a flood's challenge requests cost a query
// each. Not much longer: a script solving 12-bit proofs sends 30 leads a second from one core,
// and all of them get the bits of the last read (at 5 s, a whole burst went at the least).
const totalCacheMs = 1000

export function createProofGate(deps: ProofGateDependencies): ProofGate {
  const { windowSeconds } = deps.rateLimit
  const keyFor = async (moment: Date) =>
    challengeKey(await deps.abuse.clientKeySecret(windowStart(moment, windowSeconds)))
  let known: { start: number; read: number; total: Promise<number> } | null = null
  const windowTotal = (now: Date) => {
    const start = windowStart(now, windowSeconds).getTime()
    if (!known || known.start !== start || now.getTime() - known.read > totalCacheMs) {
      const total = deps.abuse.windowTotal(new Date(start))
      // A failed read is not kept: the next challenge asks again.
      total.catch(() => {
        if (known?.total === total) known = null
      })
      known = { start, read: now.getTime(), total }
    }
    return known.total
  }

  return {
    async challenge(now) {
      const bits = challengeBits(await windowTotal(now), deps.rateLimit.globalMax, deps.bits)
      return createChallenge(await keyFor(now), bits, now)
    },
    async check(text, idempotencyKey, now) {
      if (text === null) return 'the request carries no proof of work'
      const proof = readProof(text)
      if (proof === null) return 'the proof of work is malformed'
      // Before the key: an old day's secret would be made afresh just to refuse the proof.
      if (hasExpired(proof, now)) return 'its challenge has expired'
      const problem = proofProblem(await keyFor(proof.issuedAt), proof)
      if (problem !== null) return problem
      const fresh = await deps.abuse.spendProof(
        proof.nonce,
        idempotencyKey,
        expiresAt(proof.issuedAt),
      )
      return fresh ? null : 'its challenge has already paid for another request'
    },
  }
}
