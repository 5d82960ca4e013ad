import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createProofSource, solveChallenge } from './proof-of-work.ts'

const challengeOf = (bits: number, nonce = 'a') =>
  `1764000000.${bits}.${nonce.repeat(32)}.${'b'.repeat(64)}`

const leadingZeroBits = (text: string) => {
  let bits = 0
  for (const byte of createHash('sha256').update(text).digest()) {
    bits += byte === 0 ? 8 : Math.clz32(byte) - 24
    if (byte !== 0) break
  }
  return bits
}

describe('solveChallenge', () => {
  it('finds the first counter whose hash has the bits, as the function checks them', async () => {
    for (const bits of [0, 1, 8, 11]) {
      const proof = await solveChallenge(challengeOf(bits))
      const counter = Number(proof.split('.').pop())
      expect(proof).toBe(`${challengeOf(bits)}.${counter}`)
      expect(leadingZeroBits(proof)).toBeGreaterThanOrEqual(bits)
      for (let earlier = 0; earlier < counter; earlier++) {
        expect(leadingZeroBits(`${challengeOf(bits)}.${earlier}`)).toBeLessThan(bits)
      }
    }
  })

  it('refuses what is not a challenge', async () => {
    await expect(solveChallenge('hello')).rejects.toThrow('Not a challenge')
    await expect(solveChallenge(challengeOf(40))).rejects.toThrow('Not a challenge')
  })
})

describe('createProofSource', () => {
  const failures = {
    ofError: async (error: unknown) => ({ error }),
    ofReply: (error: unknown) => ({ error }),
  }

  it('fetches one challenge however often it is started, and hands its proof out once', async () => {
    const calls: unknown[] = []
    let served = 0
    const functions = {
      invoke: async (name: string, options: unknown) => {
        calls.push([name, options])
        served += 1
        return { data: { challenge: challengeOf(4, String(served)) }, error: null }
      },
    }
    const proofs = createProofSource(functions as never, 'send-demo-request', 1000, failures)
    proofs.start()
    proofs.start()
    const first = await proofs.take()
    expect(calls).toEqual([['send-demo-request', { method: 'GET', timeout: 1000 }]])
    expect(first).toEqual({ proof: expect.stringMatching(/^1764000000\.4\.1{32}\./) })
    // Used up: the next lead gets a challenge of its own.
    expect(await proofs.take()).toEqual({ proof: expect.stringMatching(/^1764000000\.4\.2{32}\./) })
    expect(calls).toHaveLength(2)
  })

  it('hands out no proof when the function asks for none', async () => {
    const off = { invoke: async () => ({ data: { success: true, challenge: null }, error: null }) }
    expect(await createProofSource(off as never, 'f', 1000, failures).take()).toEqual({
      proof: null,
    })
  })

  it('reports a failed call, and a reply without a challenge, as failures', async () => {
    const broken = new Error('FunctionsHttpError')
    const failing = { invoke: async () => ({ data: null, error: broken }) }
    const empty = { invoke: async () => ({ data: { success: true }, error: null }) }
    expect(await createProofSource(failing as never, 'f', 1000, failures).take()).toEqual({
      failure: { error: broken },
    })
    expect(await createProofSource(empty as never, 'f', 1000, failures).take()).toEqual({
      failure: { error: new Error('The reply carried no challenge') },
    })
  })
})
