import { createHash } from 'node:crypto'

/**
 * Solves a challenge of the function's proof of work the way the widget does
 * (src/bot-defence/proof-of-work.ts), with node:crypto: a test's scripted client, kept apart from
 * the code under test. With `solved` false, the first counter that does not solve it.
 */
export function solveProof(challenge: string, solved = true): string {
  const bits = Number(challenge.split('.')[1])
  for (let counter = 0; ; counter++) {
    const proof = `${challenge}.${counter}`
    if (solves(proof, bits) === solved) return proof
  }
}

function solves(proof: string, bits: number): boolean {
  let zeros = 0
  for (const byte of createHash('sha256').update(proof).digest()) {
    zeros += byte === 0 ? 8 : Math.clz32(byte) - 24
    if (byte !== 0) break
  }
  return zeros >= bits
}
