import { Buffer } from 'node:buffer'
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * The function's proof of work, a hashcash over a signed challenge. A challenge is
 * `<issued>.<bits>.<nonce>.<signature>`: when it was issued (Unix seconds), how many leading zero
 * bits the solution's hash needs, 128 random bits, and an HMAC of the three under the function's
 * key, so the function keeps nothing until a proof is spent. A proof is the challenge, a dot and
 * a counter such that SHA-256 of the whole proof starts with `bits` zero bits: 2^bits hashes on
 * average to find, one to check.
 */

/** How long a challenge may be solved and spent, in seconds. */
export const challengeLifetimeSeconds = 20 * 60

/** The most bits a challenge may ask for: 2^32 hashes is hours of a phone's work. */
export const maxChallengeBits = 32

const challengePattern = /^(\d{1,12})\.(\d{1,2})\.([0-9a-f]{32})\.([0-9a-f]{64})$/
const proofPattern = /^(\d{1,12}\.\d{1,2}\.[0-9a-f]{32}\.[0-9a-f]{64})\.(\d{1,16})$/

const sign = (key: string, issued: number, bits: number, nonce: string) =>
  createHmac('sha256', key).update(`${issued}.${bits}.${nonce}`).digest('hex')

/** A fresh challenge of `bits` issued at `now`, signed with `key`. */
export function createChallenge(key: string, bits: number, now: Date): string {
  const issued = Math.floor(now.getTime() / 1000)
  const nonce = randomBytes(16).toString('hex')
  return `${issued}.${bits}.${nonce}.${sign(key, issued, bits, nonce)}`
}

/** A proof's parts, read before its key is known (the key depends on when it was issued). */
export interface ProofParts {
  issuedAt: Date
  bits: number
  nonce: string
  signature: string
  text: string
}

/** The parts of a proof, or null when it is not one. */
export function readProof(proof: string): ProofParts | null {
  const match = proofPattern.exec(proof)
  const challenge = match?.[1] && challengePattern.exec(match[1])
  if (!challenge) return null
  const bits = Number(challenge[2])
  if (bits > maxChallengeBits) return null
  return {
    issuedAt: new Date(Number(challenge[1]) * 1000),
    bits,
    nonce: challenge[3] as string,
    signature: challenge[4] as string,
    text: proof,
  }
}

/** Whether a proof's challenge is past its lifetime (or issued in the future, beyond skew). */
export function hasExpired(proof: ProofParts, now: Date): boolean {
  const age = (now.getTime() - proof.issuedAt.getTime()) / 1000
  return age > challengeLifetimeSeconds || age < -60
}

/** Why an unexpired proof is refused, or null when it solves a challenge signed with `key`. */
export function proofProblem(key: string, proof: ProofParts): string | null {
  const issued = proof.issuedAt.getTime() / 1000
  const expected = Buffer.from(sign(key, issued, proof.bits, proof.nonce), 'hex')
  if (!timingSafeEqual(expected, Buffer.from(proof.signature, 'hex'))) {
    return 'its challenge was not issued by this function'
  }
  if (leadingZeroBits(createHash('sha256').update(proof.text).digest()) < proof.bits) {
    return 'it does not solve its challenge'
  }
  return null
}

/** When a challenge issued at `issuedAt` expires. */
export const expiresAt = (issuedAt: Date) =>
  new Date(issuedAt.getTime() + challengeLifetimeSeconds * 1000)

function leadingZeroBits(hash: Uint8Array): number {
  let bits = 0
  for (const byte of hash) {
    if (byte !== 0) return bits + Math.clz32(byte) - 24
    bits += 8
  }
  return bits
}

/**
 * The bits a challenge asks for when `total` leads have come in this window: `min` on a quiet
 * day, rising evenly to `max` at the global limit. Each bit doubles the work.
 */
export function challengeBits(
  total: number,
  globalMax: number,
  { min, max }: { min: number; max: number },
): number {
  const share = Math.min(1, Math.max(0, total / globalMax))
  return min + Math.round((max - min) * share)
}

/** The key challenges are signed with, from the day's client-key secret: one secret, two uses. */
export const challengeKey = (daySecret: string) =>
  createHmac('sha256', daySecret).update('proof-of-work challenges').digest('hex')
